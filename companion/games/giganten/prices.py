"""Giganten, action 1: the price track, the die and the zones at its ends."""

from __future__ import annotations

from ..base import N_, Label, RuleError
from . import data
from .core import _profile

# --- prices -------------------------------------------------------------------------------------


def _track(profile) -> list[int]:
    track = _profile(profile, "price_track")
    if not track:
        raise RuleError(N_("The board profile has no price track; the host must enter it."))
    return sorted(track)


def _index(track, value) -> int:
    """Where a price stands on the track (the nearest field if the host changed the track)."""
    if value in track:  # the usual case, and the same answer: the first field at distance 0
        return track.index(value)
    return min(range(len(track)), key=lambda i: (abs(track[i] - value), i))


def zone_against_die(value: int, face: int, profile) -> str | None:
    """The board value whose zone turns the die round, or None where the die's colour decides:
    "price_up_zone" for a red face in the bottom zone, "price_down_zone" for a blue one in the top."""
    if face < 0 and value in (_profile(profile, "price_up_zone") or []):
        return "price_up_zone"
    if face > 0 and value in (_profile(profile, "price_down_zone") or []):
        return "price_down_zone"
    return None


ZONE_WHY = {
    "price_up_zone": N_("$%(price)d is in the bottom zone (board value “%(value)s”): the price moves up whatever the die's colour"),
    "price_down_zone": N_("$%(price)d is in the top zone (board value “%(value)s”): the price moves down whatever the die's colour"),
}


def with_zone_note(label: Label, before: int, face: int, profile) -> Label:
    """A die line that also says why the price went against the die's colour, naming the board
    value it followed (the zones are printed on the board, not in the rulebook: FACTS.md, M)."""
    key = zone_against_die(before, face, profile)
    if key is None:
        return label
    why = Label(ZONE_WHY[key], price=before, value=Label(data.PROFILE_LABELS[key]).to_json())
    return Label(N_("%(line)s; %(why)s"), line=label.to_json(), why=why.to_json())


def price_after_die(value: int, face: int, profile) -> int:
    """ "Padlo modré číslo? Ukazatel se posune o hozenou hodnotu nahoru. Padlo červené číslo?
    ... dolů." A face is signed: +n blue, -n red. In the bottom zone of the track the marker
    always goes up and in the top zone always down, whatever the colour (FACTS.md, M; profile).
    At either end of the track it stops."""
    track = _track(profile)
    up = face > 0
    if value in (_profile(profile, "price_up_zone") or []):
        up = True
    elif value in (_profile(profile, "price_down_zone") or []):
        up = False
    i = _index(track, value) + (abs(face) if up else -abs(face))
    return track[max(0, min(len(track) - 1, i))]
