//! The one place where the library's typed error ([`minip::Error`]) becomes a Python exception:
//! bad input and limits are `ValueError`, a certificate that does not check `minip.Rejected` (a
//! `ValueError`), nothing certified `minip.Unknown` (a `RuntimeError`), a file `OSError`, a
//! stopped run `KeyboardInterrupt`. The message is the command line's, on one line.

use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyOSError, PyValueError};
use pyo3::PyErr;

create_exception!(
    minip,
    Unknown,
    pyo3::exceptions::PyRuntimeError,
    "Nothing was certified: the solver's answer could not be made exact (the command line's `unknown`, exit 2)."
);
create_exception!(
    minip,
    Rejected,
    pyo3::exceptions::PyValueError,
    "A certificate that was read but does not check (the command line's exit 1 of `verify`)."
);

/// A library error on its way to Python (`?` converts into it; `PyErr::from` raises it).
#[derive(Debug)]
pub struct Failure(pub minip::Error);

impl<E: Into<minip::Error>> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(e.into())
    }
}

impl From<Failure> for PyErr {
    fn from(Failure(e): Failure) -> PyErr {
        use minip::Error as E;
        let m = minip_check::error::one_line(e.message());
        match e {
            E::Input(_) | E::TooLarge(_) => PyValueError::new_err(m),
            E::Rejected(_) => Rejected::new_err(m),
            E::Unknown(_) => Unknown::new_err(m),
            E::Io(_) => PyOSError::new_err(m),
            E::Interrupted(_) => PyKeyboardInterrupt::new_err(m),
        }
    }
}
