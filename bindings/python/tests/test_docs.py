"""The README's Python example prints what the README shows, and the package's own README
(its page on a package registry) shows the same example."""

import contextlib
import io
import re

from conftest import ROOT


def blocks(text: str, lang: str) -> list:
    return re.findall(rf"```{lang}\n(.*?)```", text, re.S)


def test_readme_example_prints_what_it_shows():
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## From Python") :]
    section = section[: section.index("\n## ", 3)]
    (code,) = blocks(section, "python")
    (shown,) = blocks(section, "text")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue() == shown
    # The package README shows the same example and output.
    pkg = (ROOT / "bindings" / "python" / "README.md").read_text()
    assert blocks(pkg, "python") == [code] and blocks(pkg, "text") == [shown]
    assert "pip install ./bindings/python" in section and "pip install ./bindings/python" in pkg
