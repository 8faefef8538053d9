"""``progress=`` of the long calls: ``True`` shows a bar per run of the call (tqdm when it is
installed, else one line of text on stderr), a callable is called as
``callback(done, total, label)`` (``label``: what is counted, e.g. ``'m'``, ``'instances'``,
``'certificates'``) from the calling thread while the call runs, about every 50 ms when the
count changed, at least once a second (the same count again while one long step runs, such as
``rank(m=24)``), and once at the end. An exception raised by the callback stops the call and is
raised by it."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional, Union

from . import _minip

#: What ``progress=`` accepts: ``False``/``None`` (nothing shown), ``True`` (a bar), or a
#: callable ``(done, total, label)``.
Progress = Union[bool, None, Callable[[int, int, str], Any]]


def _tqdm() -> Any:
    """tqdm's bar class (``tqdm.auto``'s when ipywidgets can draw it in a notebook), or None."""
    names = ["tqdm"]
    if importlib.util.find_spec("ipywidgets") is not None:
        names.insert(0, "tqdm.auto")
    for name in names:
        try:
            return importlib.import_module(name).tqdm
        except ImportError:
            continue
    return None


class _Bars:
    """One tqdm bar (or a text line) per run of the call: a new label closes the last one."""

    def __init__(self) -> None:
        self._label: Optional[str] = None
        self._bar: Any = None
        self._tqdm: Any = _tqdm()
        self._start = time.monotonic()

    def __call__(self, done: int, total: int, label: str) -> None:
        if label != self._label:
            self.close()
            self._label = label
            self._start = time.monotonic()
            if self._tqdm is not None:
                self._bar = self._tqdm(total=total, desc=label, leave=False)
        if self._bar is not None:
            self._bar.n = done
            self._bar.refresh()
        else:
            sys.stderr.write(f"\r{label}: {done}/{total} ({time.monotonic() - self._start:.0f} s)")
            sys.stderr.flush()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif self._label is not None:
            sys.stderr.write("\n")
        self._label = None


@contextmanager
def reporting(progress: Progress) -> Iterator[None]:
    """Arms the next call of the extension module on this thread with ``progress``."""
    if progress is None or progress is False:
        yield
        return
    bars: Optional[_Bars] = None
    if progress is True:
        bars = _Bars()
        callback: Callable[[int, int, str], Any] = bars
    elif callable(progress):
        callback = progress
    else:
        raise TypeError(f"progress: expected True, False or a callable (done, total, label), got {progress!r}")
    _minip.set_progress(callback)
    try:
        yield
    finally:
        _minip.set_progress(None)
        if bars is not None:
            bars.close()
