//! The supported limits, in one place. Every input is checked against these before anything is
//! allocated or enumerated, and the one-line error names the limit and why it is there. The
//! command line prints this table in `minip help limits` (`TABLE`).
//!
//! The limits are generous for every question the project asks (its grids use n ≤ 8, h ≤ 12,
//! m ≤ 24 explicit and m ≤ 256 through linear codes) and small enough that no input of a few
//! bytes can cost gigabytes or minutes.
//!
//! ```
//! use minip_check::limits::{at_most, MAX_N};
//! use minip_check::Error;
//! assert!(at_most("n", 1024, MAX_N, "three sequences per configuration").is_ok());
//! assert_eq!(
//!     at_most("n", 1025, MAX_N, "three sequences").unwrap_err(),
//!     Error::TooLarge("n = 1025 is above the supported 1024 (three sequences)".into())
//! );
//! ```

use crate::error::{Error, Res};

/// Sequence length of the paper family (3 sequences whatever `n`).
pub const MAX_N: u32 = 1024;
/// Sequence length of the `all` family: `n(n+1)/2` sequences, two rows each.
pub const MAX_N_ALL: u32 = 100;
/// Query weight of a gap configuration (the LP has 6 unknowns; only the tokens grow).
pub const MAX_H: u32 = 100_000;
/// Rows of a row LP the solver side builds (`C(k + n − 2, n − 1)` multisets, two rows each).
pub const MAX_RATIO_MULTISETS: u128 = 5_000_000;
/// Query weight of a row LP the solver side certifies (`h = 320` takes about a minute; the
/// exact pivots grow faster than the rows beyond).
pub const MAX_RATIO_H: u32 = 512;
/// Multisets the ratio checker enumerates to check an attaining point.
pub const MAX_CHECKED_MULTISETS: u128 = 20_000_000;
/// Literals of a CNF the checker rebuilds for a DRAT proof (rank maximality, readout
/// precision): the formula as built takes about 24 bytes per literal (120 MB at the limit),
/// before it moves into the clause database (`check::drup`). The committed formulas have at
/// most 222,060.
pub const MAX_CNF_LITERALS: u128 = 5_000_000;
/// Bits of a code word in an explicit rank certificate (words are 64-bit masks).
pub const MAX_CODE_M: u32 = 64;
/// Items of one numeric range on the command line (`--d 2..=8`, `--h 2..=168`, …).
pub const MAX_RANGE_ITEMS: usize = 10_000;
/// Configurations of one grid file.
pub const MAX_GRID_ITEMS: usize = 1_000_000;
/// Worker threads (`--jobs`).
pub const MAX_JOBS: usize = 256;
/// Bytes of a certificate, grid or head file read.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;
/// Bytes of a proof file a certificate refers to.
pub const MAX_PROOF_BYTES: u64 = 256 << 20;

/// Bytes that the DRAT checks running at once in one process (`minip-check`, `minip verify`)
/// may hold together, each estimated from its formula's size and its proof file's size before
/// it starts (`check::drup::memory_estimate`, at most about 400 MB for a proof at the
/// database's limits): a check that does not fit beside those running waits for them, so the
/// parallel checks stay within about 1 GiB of address space with the threads and allocator.
pub const MAX_PROOF_MEMORY: u64 = 600 << 20;

/// Digits of one rational read from a file or the command line (numerator, denominator and
/// exponent together; the committed certificates' longest has 556). Arithmetic on a number
/// costs at least its length, so a few bytes can no longer buy minutes.
pub const MAX_RATIONAL_DIGITS: usize = 10_000;
/// Pairs `(i, j)` of an explicit rank code the checker compares (`k²`; the committed codes
/// have `k ≤ 2576`).
pub const MAX_CODE_PAIRS: u128 = 1 << 26;

/// Units of work of one ratio certificate (`minip-ratio/2`, `-bound/1`, and all the ratios of
/// one `minip-rank/2` or `minip-rank-linear/1` file together): one unit is about one
/// multiply-add of small rationals, up to about 0.9 µs on the project's 2-core VM when idle
/// (`check::ratio::op_cost`, `row_work`; chain ratios `rows::chain::ChainTable::work`); the
/// worst shape of the limits table at 9·10⁶ units checks in 4.2 s there, more is refused before
/// any row is built. (It was 6·10⁶ until rows became integer dot products; 9·10⁶ admits
/// `amplify --h 512`. Chain ratios are checked by their structure and cost at most about
/// 4.5·10⁵ units per file: `n = 1024`, `m = 1024`.)
pub const MAX_RATIO_WORK: u128 = 9_000_000;

/// Units of work of one head certificate (`minip-poly-head/1`, `minip-multihead/1`,
/// `minip-multihead-heads/1`), counted from the lengths of its stated numbers before any is
/// parsed: one unit is about one limb product (64-bit words) of the exact arithmetic, a gcd
/// 20 units per limb² (`check::work`); the rank formula's eliminations, whose entries grow with
/// every pivot, are charged as they run. Measured on the 2-core VM at load 3.5–4: 0.2–0.6 ns
/// per unit (64 heads over m = 16 with 30-digit denominators: 6.8·10⁹ units, 4.1 s; 64
/// heads over m = 4 with 300 digits: 2.3·10⁹, 1.4 s; `minip-multihead/1`, 64 heads of 3,000
/// digits: 5.8·10⁹, 1.3 s); past the budget the refusal takes 0.01–0.1 s. The committed heads
/// need at most 1.9·10⁸ (m = 38, four heads of degree 2).
pub const MAX_HEAD_WORK: u128 = 3_000_000_000;

/// Units of work of one searched head (`minip-search-head/1`; `check::search::search_work`),
/// counted from the lengths of its stated numbers before any is parsed, in the units of
/// [`MAX_HEAD_WORK`]: the `4^m·r` kernel products and the `2^m·2^m(2^m + 1)/2` sequences cost
/// a few units each in machine integers, their limbs squared in long ones. Measured on the
/// 2-core VM at load 2.8: about 1 ns per unit with long numbers (`m = 4`, rank 2, 1,000-digit
/// denominators: 9·10⁸ units, 1.1 s; `m = 5`, 2,000 digits: 5.5·10¹⁰, 51 s, refused in
/// 0.01 s), a correct `m = 8` head of rank 256 in machine integers: 1.05·10⁹ units, 0.33 s.
pub const MAX_SEARCH_WORK: u128 = 2_000_000_000;

/// The first rows of the table printed by `minip help limits` (the command line adds the limits
/// of what it builds, aligned in the same columns).
pub const TABLE: &str = "\
Limits (checked before any work starts; larger inputs are refused, exit 2):
  n (paper family)                <= 1024
  n (all family)                  <= 100  (n(n+1)/2 sequences)
  h (gap configuration)           <= 100000
  row LP (solved)                 <= 5000000 multisets, h <= 512
  one range or list of values     <= 10000 items
  one grid                        <= 1000000 configurations
  --jobs                          <= 256
  input files                     <= 64 MiB (certificates, grids, head files), regular files only
  proof files                     <= 256 MiB
  DRAT checks at once             <= 600 MiB (estimated from the proofs' sizes; larger ones wait)
  DRAT clause database            <= 2500000 clauses, 15000000 literals (about 280 MB)
  numbers                         <= 10000 digits each
  checker: enumerated multisets   <= 20000000 per ratio certificate
  checker: rank proof CNF         <= 5000000 literals
  explicit rank codes             <= 67108864 pairs (k <= 8192)
  ratio certificates              <= 9000000 units of work (rows x entries x digits, about 6 s)
  head certificates               <= 3000000000 units of work (sequences x limbs^2, about 2 s)
  searched heads                  <= 2000000000 units of work (4^m r products, sequences)
  heads, multihead certificates   <= 64";

/// [`Error::TooLarge`] naming the limit when `count > max`.
pub fn at_most<T: PartialOrd + std::fmt::Display>(what: &str, count: T, max: T, why: &str) -> Res<()> {
    if count > max {
        return Err(Error::TooLarge(format!("{what} = {count} is above the supported {max} ({why})")));
    }
    Ok(())
}
