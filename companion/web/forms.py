"""The shared form layer: every form of a panel is data while it is drawn, never HTML read back.

``act_form`` (companion/web/render.py) hands its ``{% call(f) %}`` block a ``Form``; the template
writes each field through it (``f.hidden``, ``f.button``, ``f.input``, ``f.select``, ``f.option``),
so the form knows its action, the values it fixes and its buttons as it renders, and:

* greys a submit button the game's ``legal`` refuses with those values, as it is drawn, keeping
  the game's reason for the form to print (``Offers.reason``, companion/web/offers.py);
* after a refusal, shows every field as the player left it (text, numbers, selects, radios,
  checkboxes: ``submitted``), so a retry never sends a choice the player did not make; a
  hidden or disabled field keeps what was rendered;
* puts a hidden copy of the default button first: Enter (a phone keyboard's "Go") in a form
  with several submit buttons presses the highlighted one (``class="primary"``), or nothing
  when none is highlighted, where a browser would press the *first* submit button of the form
  (a disabled copy when there is no default: implicit submission then does nothing).

Forms outside a panel (the lobby's, a board value's) take a ``Form`` with no action from the
``form_fields(submitted)`` global for the refill.
"""

from __future__ import annotations

from markupsafe import Markup, escape

TEXT_TYPES = {"text", "number", "search", "tel", "email", "url", "password", "date", "time", "range"}

FORM_FIELDS = {"action", "form", "v", "nonce"}  # what every act_form carries itself: no parameter of the action


BOOLEAN = {"checked", "selected", "disabled", "required", "hidden", "readonly", "multiple", "formnovalidate", "autofocus"}


def _attr_html(attrs: dict) -> str:
    """``attrs`` in their order: a value, or True for a bare attribute; None and False leave it out.
    A name's ``_`` is written ``-`` (``aria_label``, ``data_fix``: Jinja's keyword arguments); a
    boolean attribute (``checked``, ``disabled``…) is written bare when its value is true."""
    out = []
    for k, v in attrs.items():
        if v is None or v is False:
            continue
        k = k.replace("_", "-")
        if k in BOOLEAN or v is True:  # a boolean attribute is there when its value is true
            if v:
                out.append(" " + k)
            continue
        out.append(f' {k}="{escape(v)}"')
    return "".join(out)


def _sent(value) -> str:
    """The text a field sends for its ``value`` attribute."""
    return "" if value is None or value is False else str(value)


class Form:
    """One form as its template renders it: the helpers below write each field's tag and record
    what the form is, so nothing is read back from the HTML.

    * ``hidden(name, value)``: a value the form fixes (with a submit button's own name and value,
      what ``legal`` is asked about);
    * ``button(text, **attrs)`` (or ``{% call f.button(...) %}``): a submit button; one the game
      refuses with the form's fixed values is disabled and its reason kept for the form to show;
    * ``input(**attrs)``, ``select(**attrs)`` and ``option(text, **attrs)`` (the options of the
      select opened last): after a refusal they show what the player sent (``submitted``), not
      what the template chose; a hidden or disabled field keeps what was rendered (the table's
      version must be the fresh one, and a disabled field was never sent).

    Attributes are keyword arguments in the order written; ``True`` is a bare attribute, ``None``
    or ``False`` leaves it out. After the fields, ``default_copy()`` is the hidden copy of the
    default (``class="primary"``) button that goes first, so Enter presses it (module docstring).
    """

    __slots__ = ("action", "offers", "submitted", "fixed", "reasons", "submits", "_taken", "_select", "_pressed")

    def __init__(self, action=None, offers=None, submitted=None):
        self.action = action
        self.offers = offers if offers is not None and offers.active else None
        self.submitted = submitted  # the posted MultiDict after a refusal of this form, else None
        self.fixed: dict[str, str] = {}
        self.reasons: list = []  # why greyed buttons are greyed (Labels), each once
        self.submits: list[dict] = []  # the enabled submit buttons' attributes, in order
        self._taken: dict[str, int] = {}  # the i-th text field of a name shows the i-th value sent
        self._select: list | None = None  # the open select's values still to show as sent
        self._pressed = False

    def _values(self, name) -> list:
        s = self.submitted
        return s.getlist(name) if hasattr(s, "getlist") else ([s[name]] if name in s else [])

    def hidden(self, name, value, **attrs) -> Markup:
        return self.input(type="hidden", name=name, value=value, **attrs)

    def input(self, **attrs) -> Markup:
        name = attrs.get("name")
        kind = str(attrs.get("type") or "text").lower()
        if kind == "hidden":
            if name and name not in FORM_FIELDS:
                if self._pressed:
                    raise ValueError(f"{self.action}: the fixed value {name} comes after a submit button; put it first")
                self.fixed[name] = _sent(attrs.get("value"))
        elif self.submitted is not None and name and not attrs.get("disabled"):
            if kind in ("checkbox", "radio"):
                attrs["checked"] = (_sent(attrs.get("value")) or "on") in self._values(name)
            elif kind in TEXT_TYPES and name in self.submitted:
                values, i = self._values(name), self._taken.get(name, 0)
                self._taken[name] = i + 1
                if i < len(values):
                    attrs["value"] = values[i]
        return Markup(f"<input{_attr_html(attrs)}>")

    def select(self, **attrs) -> Markup:
        name = attrs.get("name")
        refill = self.submitted is not None and name and name in self.submitted and not attrs.get("disabled")
        self._select = self._values(name) if refill else None
        return Markup(f"<select{_attr_html(attrs)}>")

    def option(self, text="", caller=None, **attrs) -> Markup:
        if caller is not None:
            text = caller()
        if self._select is not None and "value" in attrs:
            value = _sent(attrs["value"])
            attrs["selected"] = value in self._select
            if attrs["selected"]:
                self._select = [v for v in self._select if v != value]  # one option per value sent
        return Markup(f"<option{_attr_html(attrs)}>{escape(text)}</option>")

    def button(self, text="", caller=None, **attrs) -> Markup:
        if "type" not in attrs:
            attrs = {"type": "submit", **attrs}
        if caller is not None:
            text = caller()
        if str(attrs["type"] or "submit").lower() == "submit" and not attrs.get("disabled"):
            self._pressed = True
            name, value = attrs.get("name"), _sent(attrs.get("value"))
            action = value if name == "action" else self.action
            reason = None
            if self.offers is not None and action:
                reason = self.offers.reason(action, {**self.fixed, **({name: value} if name and name != "action" else {})})
            if reason is None:
                self.submits.append(attrs)
            else:
                attrs.pop("disabled", None)
                attrs.pop("aria-disabled", None)
                attrs["disabled"], attrs["aria-disabled"] = True, "true"
                if reason not in self.reasons:
                    self.reasons.append(reason)
        return Markup(f"<button{_attr_html(attrs)}>{escape(text)}</button>")

    def default_copy(self) -> Markup:
        """The hidden copy of the default button that goes first, from the buttons recorded
        (nothing for a form with fewer than two; a disabled one when none is the default)."""
        if len(self.submits) < 2:
            return Markup("")
        primary = next((b for b in self.submits if "primary" in str(b.get("class") or "").split()), None)
        copy = {"type": "submit", "hidden": True, "tabindex": "-1", "aria-hidden": "true", "data-default": True}
        if primary is None:
            copy["disabled"] = True
        else:
            copy.update((k, v) for k, v in primary.items() if k in ("name", "value"))
        return Markup(f"<button{_attr_html(copy)}></button>")
