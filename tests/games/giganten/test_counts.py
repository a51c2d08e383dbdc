"""Counts agree with their nouns in the log, the ledger, the prompts and the refusals, in English
and in Czech (regression, QA: "wins with 1 licences", "1 derricks"; Czech "1 polí", "1 licencí")."""

import re

import pytest

from companion.games.base import RuleError
from companion.games.giganten import view

# a count of 1 (English; Czech: 1-4) followed by a plural noun
ENGLISH = re.compile(r"\b1 (licences|derricks|fields|points|movement points|licence cards)\b")
CZECH = re.compile(
    r"\b1 (licencí|polí|věží|věže|bodů|body|pohybových|pohybové|ropných|ropné|karet|karty)\b|\b[2-4] (licencí|polí|věží|bodů|pohybových|ropných|karet)\b"
)


def one_of_everything(t):
    """A short game where each count that has a noun is 1 somewhere."""
    t.act("black_distance", fields=2)
    for _ in range(3):
        t.act("price_die", value=2, colour="blue")
    t.act("red_card", black=1)  # 1 field to the port
    t.take_cards([(1, 1, "back", 1), (1, 4, "price", 1), (1, 4, "none", 0)])
    t.act("deal_licences")
    t.act("move", loco=1)  # 1 point, opponents back 1 field
    t.act("move", loco=0, price_company="hudson", price_fields=1)
    t.act("move", loco=0)
    t.act("build", site="1", oil=2, level=1)
    t.act("build", site="1", oil=2, level=0)
    t.act("no_build")
    t.state["derricks"][0]["oil"] = 1  # Anna's derrick runs dry this production
    t.act("produce", rest="hudson")
    t.act("produce", rest="jet")
    t.players[0]["hand"] = {"ones": 1, "twos": 0}
    t.act("bid", licences=1)  # Hudson: Anna alone wins with 1 licence
    t.act("pay_licences", seat=0)
    t.act("sell", barrels=1)


def rendered(app, labels, lang):
    from companion.web.shared import tr

    with app.test_request_context(headers={"Accept-Language": lang}):
        return [tr(label) for label in labels]


def test_log_lines_ledger_and_prompts_agree_with_their_counts(app, table):
    t = table(n=3)
    one_of_everything(t)
    labels = [label.to_json() for label in t.labels] + [line["why"] for line in t.ledger]
    # Jet: Bert holds oil there; the prompts while he bids against a bid of 1 and while he pays 1
    assert t.state["auction"]["company"] == "jet" and t.state["queue"] == [1]
    t.state["auction"].update(high=1, leader=0, active=[0, 1], bidders=[0, 1])
    prompts = [view.prompt(t.state, t.profile).to_json()]
    t.state["auction"].update(leader=1, phase="paying")
    prompts.append(view.prompt(t.state, t.profile).to_json())
    en = rendered(app, labels + prompts, "en")
    cs = rendered(app, labels + prompts, "cs")
    text = "\n".join(en)
    for line in (
        "The black locomotive is 2 fields from the port",
        "Red card: the black locomotive moves 1; 1 field to the port",
        "Anna takes a card: 1 licence, 1 movement point, opponents' locomotives back 1",
        "Anna: locomotive +1 (1 point), truck 0 points; opponents' locomotives back 1 field",
        "1 derrick runs dry",
        "Hudson Oil Industries auction: Anna wins with 1 licence",
        "Anna hands in 1 licence",
        "Jet Oil Inc. auction: Bert bids more than 1 licence or passes.",
        "Bert hands in 1 licence on their own phone.",
    ):
        assert line in text, line
    assert not ENGLISH.search(text), ENGLISH.search(text)
    czech = "\n".join(cs)
    for line in (
        "Černá lokomotiva má do přístavu 2 pole",
        "do přístavu zbývá 1 pole",
        "Anna bere kartu: 1 licence, 1 pohybový bod",
        "lokomotiva +1 (1 bod), náklaďák 0 bodů; lokomotivy protivníků couvají o 1 pole",
        "vyschla 1 věž",
        "vyhrává Anna s nabídkou 1 licence",
        "Anna odevzdává 1 licenci",
        "Bert nabídne víc než 1 licenci, nebo pasuje.",
        "Bert odevzdává 1 licenci na svém telefonu.",
    ):
        assert line in czech, line
    assert not CZECH.search(czech), CZECH.search(czech)


def test_the_final_accounting_says_1_derrick(app, table):
    t = table(n=3, profile={"black_track_length": 1})
    for _ in range(3):
        t.act("price_die", value=2, colour="blue")
    t.state["derricks"] = [{"owner": 1, "site": 1, "oil": 2, "level": 0}]
    t.players[1]["loco"] = 3
    t.act("red_card", black=1)
    why = [line["why"] for line in t.ledger if "Final accounting" in line["why"]["msg"]]
    assert "Final accounting: 1 derrick, locomotive in place 1" in rendered(app, why, "en")
    assert "Závěrečné vyúčtování: 1 vrtná věž, lokomotiva na 1. místě" in rendered(app, why, "cs")


@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            "en",
            [
                "Bid more than 1 licence.",
                "Put exactly 1 oil into your tanks.",
                "A site with 1 derrick holds 2 / 3 / 4 oil.",
                "Your card moves a price by at most 1 field.",
                "Moving the locomotive 2 fields costs 2 movement points; the card gives 1.",
            ],
        ),
        (
            "cs",
            [
                "Nabídka musí být vyšší než 1 licence.",
                "Rozdělte do svých skladů přesně 1 ropný kámen.",
                "Pole s 1 věží má ropnou zásobu 2 / 3 / 4.",
                "Vaše karta posune kurz nejvýše o 1 pole.",
                "Posun lokomotivy o 2 pole stojí 2 pohybové body; karta dává 1.",
            ],
        ),
    ],
)
def test_refusals_agree_with_their_counts(app, table, lang, expected):
    t = table(n=3)
    t.to_step(2)
    t.take_cards([(1, 1, "price", 1), (1, 4, "none", 0), (1, 4, "none", 0)])
    t.act("deal_licences")
    errors = []

    def refused(action, **params):
        with pytest.raises(RuleError) as e:
            t.act(action, **params)
        errors.append({"msg": e.value.msg, "params": e.value.params})
        assert "{" not in str(e.value)  # the nested counts read as English in str() too

    t.state["step"], t.state["queue"] = 7, [0]
    t.state["auction"] = {"company": "hudson", "bidders": [0, 1], "active": [0, 1], "high": 1, "leader": 1, "phase": "bidding"}
    refused("bid", licences=1)
    t.state["step"], t.state["queue"], t.state["auction"] = 6, [0], None
    t.state["derricks"] = [{"owner": 0, "site": 1, "oil": 2, "level": 0}]
    refused("produce", hudson=2)
    t.state["step"], t.state["queue"] = 5, [0]
    refused("build", site="1", oil=5, level=0)
    t.state["step"], t.state["queue"] = 4, [0]
    refused("move", loco=0, price_company="jet", price_fields=2)
    refused("move", loco=2)
    assert rendered(app, errors, lang) == expected
