"""The widgets' stylesheets take every colour from js/lib/tokens.css, and the one dark theme
there only redefines tokens (issue 12): a colour written straight into a stylesheet would not
follow the theme, and a misspelt token would silently draw nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "js"
TOKENS = JS / "lib" / "tokens.css"
SHEETS = [JS / "lib" / "styles.css", JS / "lesson" / "lesson.css"]

# black or white at some opacity: shadows and the felt's shading, the same in every theme
NEUTRAL = re.compile(r"rgba\((0, 0, 0|255, 255, 255), 0?\.\d+\)")
# the lesson's confetti: one hue per bit, worked out from its index
CONFETTI = "hsl(calc(var(--k) * 47deg) 80% 55%)"
COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(")
NAMED = re.compile(r":\s*[^;{}]*\b(?:white|black|red|green|blue|gold|gray|grey)\b")


def css(path: Path) -> str:
    """The stylesheet without its comments."""
    return re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)


def declared(text: str) -> set[str]:
    return set(re.findall(r"(--[\w-]+)\s*:", text))


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_a_stylesheet_writes_no_colour_of_its_own(sheet: Path) -> None:
    text = NEUTRAL.sub("", css(sheet).replace(CONFETTI, ""))
    # a token's fallback inside var(--jp-..., #fff) belongs in tokens.css too
    assert not COLOUR.findall(text), [line for line in text.splitlines() if COLOUR.search(line)]
    words = re.sub(r"--[\w-]+", "", text)  # token names such as --sw-red are not colours
    assert not NAMED.findall(words), NAMED.findall(words)


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_every_token_a_stylesheet_uses_is_defined(sheet: Path) -> None:
    text = css(sheet)
    from_js = {"--sw-steps", "--sw-cols", "--sw-delay", "--i", "--j", "--k"}  # set by layout.js etc.
    known = declared(css(TOKENS)) | declared(text) | from_js
    used = set(re.findall(r"var\((--sw[\w-]*)", text))
    assert used, "the stylesheet uses the tokens"
    assert not used - known, sorted(used - known)


def test_the_dark_theme_only_redefines_tokens() -> None:
    text = css(TOKENS)
    light_rule, *dark_rules = re.findall(r"([^{}]+)\{([^{}]*)\}", text)
    assert light_rule[0].strip() == ":is(.sw-root, .swl-root)"
    light = declared(light_rule[1])
    assert len(dark_rules) == 2, "JupyterLab's dark themes, and prefers-color-scheme: dark elsewhere"
    selectors = [r[0].strip() for r in dark_rules]
    assert selectors[0] == 'body[data-jp-theme-light="false"] :is(.sw-root, .swl-root)'
    assert selectors[1].endswith("body:not([data-jp-theme-light]) :is(.sw-root, .swl-root)")
    assert re.search(r"@media \(prefers-color-scheme: dark\) \{\s*body:not", text)
    for _, body in dark_rules:
        decls = [d.strip() for d in body.split(";") if d.strip()]
        assert all(d.startswith("--sw-") for d in decls), decls  # tokens and nothing else
        assert declared(body) <= light, sorted(declared(body) - light)  # no new token in the dark
    # the two dark rules agree on every token they both set (one theme, written twice)
    jlab, media = (dict(re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", body)) for _, body in dark_rules)
    assert {k: media[k] for k in jlab} == jlab
