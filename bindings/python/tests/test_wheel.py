"""The installed distribution: one abi3 extension for every CPython from 3.9 on, the license
texts, and the metadata a package index shows (authors, URLs, license, description)."""

import pathlib
from importlib import metadata

import minip
from conftest import ROOT


def test_extension_is_abi3():
    assert pathlib.Path(minip._minip.__file__).name.endswith(".abi3.so")


def test_metadata_names_authors_urls_and_license():
    m = metadata.metadata("minip")
    assert m["Name"] == "minip" and m["Version"] == minip.__version__
    assert m["Requires-Python"] == ">=3.9"
    assert m["License-Expression"] == "MIT OR Apache-2.0"
    assert sorted(m.get_all("License-File")) == ["LICENSE-APACHE", "LICENSE-MIT"]
    assert m["Author"] == "The minip developers"
    urls = dict(u.split(", ", 1) for u in m.get_all("Project-URL"))
    assert urls["Repository"] == "https://github.com/minip-dev/minip"
    assert urls["Paper"] == "https://arxiv.org/abs/2608.11427"
    # No run-time dependency; pandas, matplotlib and tqdm are extras.
    assert all("extra ==" in r for r in m.get_all("Requires-Dist"))
    # The long description is the package README, which installs from a wheel.
    body = m.get_payload()
    assert body.rstrip("\n") == (ROOT / "bindings" / "python" / "README.md").read_text().rstrip("\n")
    assert f"minip-{m['Version']}-cp39-abi3-" in body and "pip install minip-*-cp39-abi3-*.whl" in body


def test_license_texts_are_in_the_distribution():
    dist = metadata.distribution("minip")
    names = {pathlib.PurePosixPath(str(f)).name: f for f in dist.files if "licenses" in str(f)}
    assert set(names) == {"LICENSE-MIT", "LICENSE-APACHE"}
    for name, f in names.items():
        assert dist.locate_file(f).read_text() == (ROOT / name).read_text()
