//! The paper, claim by claim (`minip paper`, docs/paper.md): every result of the paper and every
//! prediction of its review, with its status, its evidence and what stays open. The ledger is
//! stated here once; `crate::request::paper` re-checks its evidence, and the table, the JSON
//! lines, docs/paper.md and the HTML page are printed from it. Plain data and text: nothing
//! here runs a check.

use super::table;

/// What is known of a claim, as the ledger states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Proved in Coq for every parameter (the Coq names are the evidence).
    Proved,
    /// Certified for the finite parameters listed (the certificates are the evidence).
    Certified,
    /// Not settled; the evidence, if any, is partial.
    Open,
    /// False as literally read: the evidence is a counterexample or its proof.
    FalseAsRead,
}

impl Status {
    /// The word printed in the table and the records.
    pub fn word(self) -> &'static str {
        match self {
            Status::Proved => "proved",
            Status::Certified => "certified",
            Status::Open => "open",
            Status::FalseAsRead => "false-as-read",
        }
    }

    /// What the word means, for the pages.
    pub fn meaning(self) -> &'static str {
        match self {
            Status::Proved => "proved in Coq for every parameter",
            Status::Certified => "certified for the finite parameters listed",
            Status::Open => "open",
            Status::FalseAsRead => "false as literally read",
        }
    }
}

/// One claim of the ledger.
#[derive(Clone, Copy, Debug)]
pub struct Claim {
    /// A short name (`theorem6`), unique.
    pub id: &'static str,
    /// Where the claim comes from: the paper (with its numbering), the review, or minip.
    pub source: &'static str,
    /// The claim in words, as the paper or the review makes it.
    pub claim: &'static str,
    pub status: Status,
    /// What is settled, in words, with its scope (every parameter, or the parameters listed).
    pub settled: &'static str,
    /// Coq theorems (`Module.name`, under `Minip.`), each re-checked with `Print Assumptions`.
    pub coq: &'static [&'static str],
    /// Certificate files or folders (relative to the repository), each re-checked by the checker.
    pub certificates: &'static [&'static str],
    /// The command that reproduces the evidence.
    pub command: &'static str,
    /// What stays open.
    pub open: &'static str,
}

/// The ledger, in the paper's order, then the review's predictions, then what minip adds.
pub const LEDGER: &[Claim] = &[
    Claim {
        id: "lemma3",
        source: "paper, Lemma 3",
        claim: "Gap domination: a head correct on S1 = (x, y, ..., y), S2 = (x, z, ..., z) and \
                S3 = (x, y, z, ..., z), where the overlaps <x,y> < <x,z> differ by d, has \
                alpha(x,y) > K alpha(x,z) with K = (n - 2)(d - 2 eps)/(2 eps).",
        status: Status::Proved,
        settled: "For every real n >= 3, eps > 0 and gap with (n - 2) d >= 2 eps (n - 1) \
                   (Lemma3.lemma3); the factor K cannot be raised (Lemma3.lemma3_sharp) and the \
                   side condition cannot be dropped (Lemma3.side_condition_necessary). The \
                   committed Farkas certificates of the settle and regression grids are checked \
                   by the checker and, through `minip export coq`, by Coq.",
        coq: &["Lemma3.lemma3", "Lemma3.lemma3_sharp", "Lemma3.side_condition_necessary"],
        certificates: &["proofs/settle", "proofs/regression"],
        command: "minip settle",
        open: "Nothing for one head; with several heads the step fails (row heads-step).",
    },
    Claim {
        id: "settle-2c",
        source: "review, \"what would settle it\"",
        claim: "For n = 3, eps = 1/2 and every gap d >= 2, no correct head has \
                alpha(x,y) <= 2 alpha(x,z).",
        status: Status::FalseAsRead,
        settled: "At d = 2 a correct head with alpha(x,y) <= 2 alpha(x,z) exists (an exact head); \
                   there K = 1, so it does not contradict Lemma 3. At d = 3..8 the bound is \
                   impossible (Farkas certificates). Certified for n = 3, eps = 1/2, d = 2..8.",
        coq: &[],
        certificates: &["proofs/settle"],
        command: "minip settle",
        open: "Nothing: the lemma's own factor K is the right reading.",
    },
    Claim {
        id: "amplification",
        source: "paper, Theorem 5 (amplification)",
        claim: "Chaining tokens whose overlaps with the query rise in bounded gaps multiplies \
                the domination factor: the forced kernel ratio grows exponentially in the overlap.",
        status: Status::Proved,
        settled: "For every h and every head correct on all length-3 sequences (eps = 1/2): \
                   alpha(x, rep 0) >= 3^floor(o/4) alpha(x, rep o) for o >= 2 \
                   (Chain.amplification; Chain.chain_bound for any chain, n and eps). The exact \
                   forced ratios R(lo, hi; h) are certified for h <= 24 (n = 3, eps = 1/2).",
        coq: &["Chain.amplification", "Chain.chain_bound"],
        certificates: &["proofs/amplify"],
        command: "minip amplify --h 2..=24",
        open: "A closed form of the exact forced ratios beyond h = 24.",
    },
    Claim {
        id: "lemma4",
        source: "paper, Lemma 4",
        claim: "Approximate-identity rank lemma: a matrix of feature rank r has \
                (tr M)^2 <= r ||M||_F^2.",
        status: Status::Proved,
        settled: "For every k x k matrix given by r features, over Coq's reals (Rank.rank_lemma) \
                   and with MathComp's rank over any ordered field (RankMC.rank_lemma_mc).",
        coq: &["Rank.rank_lemma", "RankMC.rank_lemma_mc"],
        certificates: &[],
        command: "make -C proofs/coq",
        open: "Nothing.",
    },
    Claim {
        id: "theorem5",
        source: "paper, Theorem 5 (codes)",
        claim: "A code of pairs (x_i, y_i) with forced ratios R between its classes gives \
                r >= k^2 / (k + sum_{i != j} R_ij^-2).",
        status: Status::Proved,
        settled: "For every code and forced ratios (CodeRank.code_rank), and r >= floor(value) + 1 \
                   with strict ratios (CodeRankStrict.code_rank_strict). The code bounds for \
                   m = 4..16 and 24 are certified (minip-rank/2).",
        coq: &["CodeRank.code_rank", "CodeRankStrict.code_rank_strict"],
        certificates: &["proofs/rank"],
        command: "minip rank --m 4..=16",
        open: "Nothing for the lemma; the best codes at each m are not known.",
    },
    Claim {
        id: "theorem6",
        source: "paper, Theorem 6",
        claim: "For every m >= 168, a single normalized nonnegative kernel-attention head \
                (alpha = <phi_Q(x), phi_K(z)> >= 0, any values, any query-dependent affine \
                readout, positive denominators) with error < 1/2 on all length-3 sequences \
                has r >= 2^(m/10 - 6) features.",
        status: Status::Proved,
        settled: "For every m (m >= 168 is not needed), every r, D, phi_Q, phi_K, v, A, b: \
                   2^m <= (64 r)^10 (Paper.theorem6), also from correctness at the last \
                   position only (Paper.theorem6_final); the paper's model reduces to the table \
                   head exactly (Paper.reduction); a head meeting every hypothesis exists for \
                   every m (Exact.theorem6_satisfiable). Main.theorem6 is the statement on the \
                   table head.",
        coq: &[
            "Paper.theorem6",
            "Paper.theorem6_final",
            "Paper.reduction",
            "Main.theorem6",
            "Exact.theorem6_satisfiable",
        ],
        certificates: &[],
        command: "make -C proofs/coq",
        open: "The exponent: certified bounds lie between about 2^(0.185 m) and 2^(0.6 m) \
               (row frontier).",
    },
    Claim {
        id: "exponent",
        source: "minip (beyond the paper)",
        claim: "A larger exponent than Theorem 6's 1/10.",
        status: Status::Proved,
        settled: "For every m: 2^(7m) <= 2^265 r^40, that is r >= 2^(0.175 m - 6.625), from \
                   correctness at the last position (Paper.rank_exponential; the product code \
                   of Main.v).",
        coq: &["Paper.rank_exponential", "Main.rank_exponential"],
        certificates: &[],
        command: "make -C proofs/coq",
        open: "The best exponent (row frontier).",
    },
    Claim {
        id: "rank-one",
        source: "paper, length <= 2",
        claim: "Rank-one normalized kernel attention solves every sequence of length at most \
                two exactly.",
        status: Status::Proved,
        settled: "For every m: alpha = 1 (r = 1), v(k) = k, readout <2q, o> - |q| has error 0 at \
                   every position of every sequence of length 1 or 2 (Short.rank_one).",
        coq: &["Short.rank_one"],
        certificates: &[],
        command: "make -C proofs/coq",
        open: "Nothing.",
    },
    Claim {
        id: "transition",
        source: "paper, the three-token phase transition",
        claim: "One feature suffices at length <= 2; 2^Omega(m) features are needed at length 3.",
        status: Status::Proved,
        settled: "For every m, as one statement (Short.transition): a rank-1 head is exact at \
                   length <= 2 and every head correct at length 3 has 2^m <= (64 r)^10. At m = 4 \
                   no rank-1 head is correct at length 3 (certified: rank >= 2).",
        coq: &["Short.transition"],
        certificates: &["proofs/rank/m04.json"],
        command: "minip transition",
        open: "Nothing.",
    },
    Claim {
        id: "theorem1",
        source: "paper, Theorem 1",
        claim: "Dense softmax with m-dimensional scores -tau <x_i, x_j>, tau = ln 6, values x_j \
                and readout <x_i, o_i> solves Min-IP on length-3 sequences.",
        status: Status::Proved,
        settled: "For every tau with exp tau = 6, every m, every length-3 sequence and position: \
                   positive denominator and error < 1/2 (Softmax.theorem1); tau = ln n works at \
                   every length n >= 3 (Softmax.temperature_ln).",
        coq: &["Softmax.theorem1", "Softmax.temperature_ln"],
        certificates: &[],
        command: "make -C proofs/coq",
        open: "That ln 6 is such a tau rests on Coq's exp_ln, which uses classical logic; the \
               statement avoids it.",
    },
    Claim {
        id: "constant-temperature",
        source: "paper, \"constant temperature\"",
        claim: "Dense softmax solves Min-IP with a constant temperature (read: one temperature \
                for every length).",
        status: Status::FalseAsRead,
        settled: "For exp tau >= 3 and m >= 1, softmax at temperature tau is correct at every \
                   position of every length-n sequence iff n - 1 < exp tau (Softmax.softmax_iff, \
                   Softmax.softmax_fails): tau = ln 6 works exactly for n <= 6 \
                   (Softmax.theorem1_lengths); the temperature must grow like ln n. At each \
                   fixed length a constant temperature works.",
        coq: &["Softmax.softmax_iff", "Softmax.softmax_fails", "Softmax.theorem1_lengths"],
        certificates: &[],
        command: "make -C proofs/coq",
        open: "Nothing.",
    },
    Claim {
        id: "theorem2",
        source: "paper, Theorem 2",
        claim: "A nonnegative head with 2^m features realizes Min-IP on every sequence of every \
                length.",
        status: Status::Proved,
        settled: "For every m, length bound n and eps > 0: nonnegative features with 2^m \
                   coordinates (phi_K(k) = e_k, phi_Q(q) = (B^-<q,z>)_z, B = 2 + n/eps) and a \
                   readout with error < eps at every position of every sequence of length <= n \
                   (Exact.theorem2); the head is softmax at tau = ln B (Exact.softmax_realized).",
        coq: &["Exact.theorem2", "Exact.exact_kernel", "Exact.softmax_realized"],
        certificates: &[],
        command: "make -C proofs/coq",
        open: "Nothing.",
    },
    Claim {
        id: "theorem2-exact",
        source: "paper, Theorem 2 read literally",
        claim: "One head is exact (error 0), or correct, on every sequence of every length.",
        status: Status::FalseAsRead,
        settled: "Error 0 is impossible at length 3 for every head of the model, any r, even a \
                   signed kernel (Exact.no_exact_three, m >= 1); no head with a nonnegative \
                   kernel is correct (error < 1/2) at every length (Exact.no_uniform_head, \
                   m >= 2). The realization is exact; the head depends on the length bound.",
        coq: &["Exact.no_exact_three", "Exact.no_uniform_head"],
        certificates: &[],
        command: "make -C proofs/coq",
        open: "Nothing.",
    },
    Claim {
        id: "positions",
        source: "paper, positions and the causal final query",
        claim: "The bound survives position-dependent token maps and a causal final query.",
        status: Status::Proved,
        settled: "With maps phi_Q^(i), phi_K^(j), values v^(j) and readouts per position, \
                   correct at the last position of every length-3 sequence: 2^m <= (64 r)^10 \
                   and 2^(7m) <= 2^265 r^40, for every m (Positions.theorem6, \
                   Positions.theorem6_every_position). What does not carry over: the row-LP \
                   ratios that couple the query's self weight with key copies of the query \
                   (certified: causal-last ratios drop to the chain bound, 9 instead of 13 at \
                   h = 8).",
        coq: &["Positions.theorem6", "Positions.theorem6_every_position", "Paper.theorem6_final"],
        certificates: &["proofs/beyond/positions-ratios", "proofs/beyond/positions-sharp"],
        command: "minip amplify --grid instances/beyond/positions-ratios.toml",
        open: "Certificate-based bounds that use the coupled ratios (RankM16.rank_m16) hold for \
               shared maps only.",
    },
    Claim {
        id: "long-context",
        source: "paper, long-context corollary",
        claim: "As the context length n(m) grows, the required rank grows to 2^(m - o(m)), \
                matching the exact 2^m realization.",
        status: Status::Open,
        settled: "Toward it, for every m >= 16 and n >= 4: r >= (870/(1 + 870/(n-2)^2))^floor(m/16) \
                   / (n - 2), an exponent per coordinate growing with n toward \
                   log2(870)/16 = 0.61 (Long.rank_long). Certified long-context bounds from \
                   linear codes for n up to 1024 and m up to 1024, and frontier heads for \
                   n = 4..8.",
        coq: &["Long.rank_long"],
        certificates: &["proofs/rank-linear", "proofs/frontier-n"],
        command: "minip rank --linear --m 64,128,256 --n 3..=8",
        open: "2^(m - o(m)) itself: it needs codes with close to 2^m pairs, beyond the product \
               code's 2^(0.61 m).",
    },
    Claim {
        id: "transcript",
        source: "paper, Theorem 9 (finite precision)",
        claim: "Deterministic multihead, multilayer sketch models with finite-alphabet \
                cross-token channels need a transcript of q log2(s + 1) bits on a multilevel \
                family.",
        status: Status::Proved,
        settled: "For minip's multilevel family (docs/math.md 13.10; the write-ups do not give \
                   the paper's tokens): correct at the q queries of all (s + 1)^q sequences gives \
                   (s + 1)^q <= product of the channels' alphabet sizes, and with b-bit channels \
                   sum b >= ceil(log2 (s + 1)^q), for every q and s (Transcript.transcript_bound, \
                   Transcript.transcript_bits, Transcript.ml_target). The family is certified \
                   for (q, s) up to (3, 3).",
        coq: &["Transcript.transcript_bound", "Transcript.transcript_bits", "Transcript.ml_target"],
        certificates: &["proofs/readout/multilevel"],
        command: "minip readout --multilevel --q 1..=3 --s 1..=3",
        open: "The paper's own family (its tokens are not given); randomized or approximate \
               sketch models.",
    },
    Claim {
        id: "rank-m24",
        source: "paper, experiments (24-bit witness suite: rank 8)",
        claim: "In 24 bits, heads of rank below 8 fail and rank 32 succeeds on the witness \
                family.",
        status: Status::Certified,
        settled: "On all length-3 sequences over {0,1}^24: every correct head has rank >= 23 \
                   (the Golay dodecads through the Hadamard square; the entrywise code bound \
                   alone gives 21), and a correct head with 14,975 features exists (per-weight \
                   overlap polynomial, degree 5).",
        coq: &[],
        certificates: &[
            "proofs/beyond-ceiling/n3_m024_p2.json",
            "proofs/rank/m24.json",
            "proofs/frontier/m24.per_weight.json",
        ],
        command: "minip verify proofs/beyond-ceiling/n3_m024_p2.json proofs/frontier/m24.per_weight.json",
        open: "The least rank at m = 24, between 23 and 14,975. The trained models and the OOD \
               pools are experiments, not re-checked here.",
    },
    Claim {
        id: "frontier",
        source: "minip (beyond the paper)",
        claim: "How the least feature rank grows with m.",
        status: Status::Certified,
        settled: "Lower bounds from linear codes: 58 at m = 32, 471 at 48, 3,664 at 64 \
                   (about 2^(0.185 m)); upper bounds from per-weight overlap-polynomial heads \
                   (about 2^(0.6 m), every even m <= 64), each with refutations of every smaller \
                   degree. Certified for the m listed in docs/frontier.md.",
        coq: &[],
        certificates: &["proofs/rank-linear", "proofs/frontier"],
        command: "minip frontier --m 4..=24",
        open: "Where the truth lies between the exponents 0.185 and 0.6.",
    },
    Claim {
        id: "small-m",
        source: "minip (beyond the paper)",
        claim: "The least feature rank at small m.",
        status: Status::Certified,
        settled: "Exactly 1 at m <= 3 (rank-1 heads checked exhaustively), exactly 2 at m = 4 \
                   (a searched head with 2 features; no rank-1 head), exactly 3 at m = 5 (a \
                   searched head with 3 features; no rank-2 head: two orders and a DRAT proof, \
                   docs/math.md §5.8); at m = 6, 7, 8 between 3 and 4, 5, 7 (searched heads).",
        coq: &[],
        certificates: &["proofs/search", "proofs/rank/m04.json", "proofs/rank2/m05.json"],
        command: "minip verify proofs/search proofs/rank proofs/rank2",
        open: "The least rank at m = 6..8.",
    },
    Claim {
        id: "tasks",
        source: "review: other comparison tasks",
        claim: "Domination and amplification transfer to Max-IP and Hamming-nearest retrieval.",
        status: Status::Certified,
        settled: "On comparison families (every key different from the query) Min-IP, Max-IP and \
                   nearest force the same constants: the lemma's K and the chain bound as the \
                   forced ratio for every h <= 24 (n = 3, eps = 1/2). With shared maps a \
                   self-excluded task has no correct head at all once h >= 8 eps (Max-IP from \
                   h = 4), a modelling artefact with a three-row certificate.",
        coq: &[],
        certificates: &["proofs/beyond/tasks-ratios", "proofs/beyond/tasks-sharp"],
        command: "minip amplify --grid instances/beyond/tasks-ratios.toml",
        open: "A proof for every h, and rank bounds for the other tasks.",
    },
    Claim {
        id: "signed",
        source: "review: signed kernels",
        claim: "With signed kernel weights the domination step no longer applies and the \
                theorem says nothing.",
        status: Status::Certified,
        settled: "The three-sequence step does fail: b <= 2c has a signed head at every gap. But \
                   on all sequences over {x, y, z}, or all length-3 sequences, signed kernels \
                   are forced to the same constants and ratios as nonnegative ones (K, \
                   R(0, x; h), R(0, h+; h) for h <= 24), and signed overlap polynomials need the \
                   same degrees (even m <= 64). Certified for those parameters.",
        coq: &[],
        certificates: &[
            "proofs/beyond/signed-gap",
            "proofs/beyond/signed-sharp",
            "proofs/beyond/signed-ratios",
        ],
        command: "minip sweep instances/beyond/signed-gap.toml",
        open: "A rank lower bound for signed kernels for every m.",
    },
    Claim {
        id: "heads-step",
        source: "review: several heads",
        claim: "With several heads the proof's first step no longer applies.",
        status: Status::Certified,
        settled: "Two heads with alpha(x,y) = 0 solve S1, S2, S3 exactly (error 0): certified \
                   for n = 3..6, d = 2..8; the construction is proved for every n >= 3, d >= 1, \
                   eps > 0 in docs/math.md 12 (on paper, not in Coq).",
        coq: &[],
        certificates: &["proofs/multihead/domination"],
        command: "minip multihead domination",
        open: "A Coq proof of the construction for every n and d.",
    },
    Claim {
        id: "heads-rank",
        source: "review: several heads",
        claim: "Several heads escape the exponential rank bound.",
        status: Status::Open,
        settled: "No lower bound for several heads is known. Upper side: H heads with kernels \
                   (o + c)^P, certified on all length-3 sequences with total rank \
                   H sum_{j <= P} C(m, j): 3 heads of degree 2 have 903 features at m = 24 \
                   (against 14,975 for the best single head).",
        coq: &[],
        certificates: &["proofs/multihead/frontier"],
        command: "minip multihead frontier --heads 3 --m 24 --degree 2",
        open: "Whether H heads need exponentially many features in total.",
    },
    Claim {
        id: "readout",
        source: "review: nonlinear readout",
        claim: "A nonlinear readout of the normalized attention vector bypasses the rank \
                barrier with polynomial rank.",
        status: Status::Certified,
        settled: "Rank 1 and D = 1 suffice: sums of values from a Sidon (B_{n-1}) set identify \
                   the keys (proved for every m and n in docs/math.md 13.3, on paper); checked \
                   exhaustively for the m and n committed. The price is precision: 2m + 3 bits \
                   at n = 3, and any head's key state needs >= 2m - 1 bits.",
        coq: &[],
        certificates: &["proofs/readout"],
        command: "minip readout --m 1..=8",
        open: "A Coq proof of the construction for every m and n.",
    },
];

/// The ledger row `id`.
pub fn claim(id: &str) -> Option<&'static Claim> {
    LEDGER.iter().find(|c| c.id == id)
}

/// How one row's evidence re-checked on this machine.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Recheck {
    /// `re-checked` (every piece of evidence checked), `failed` (some piece did not),
    /// `not-re-checked` (some piece could not be checked here, none failed).
    pub verdict: String,
    /// Certificate files checked by the checker (verified, or VIPR files matched or parsed).
    pub certificates_checked: usize,
    /// Coq theorems whose `Print Assumptions` listed only the standard real axioms.
    pub coq_checked: usize,
    /// One line: what was checked, what failed, or why something was not checked here.
    pub detail: String,
}

/// A ledger row and its re-check, as printed.
pub struct Row<'a> {
    pub claim: &'a Claim,
    pub recheck: &'a Recheck,
}

/// The table: one line per claim.
pub fn table_text(rows: &[Row]) -> String {
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.claim.id.to_string(),
                r.claim.source.to_string(),
                r.claim.status.word().to_string(),
                evidence_short(r.claim),
                r.recheck.verdict.clone(),
            ]
        })
        .collect();
    table::render(&["claim", "source", "status", "evidence", "re-check"], &body)
}

/// `3 Coq, 2 certificate paths`.
fn evidence_short(c: &Claim) -> String {
    let mut parts = Vec::new();
    if !c.coq.is_empty() {
        parts.push(format!("{} Coq", c.coq.len()));
    }
    if !c.certificates.is_empty() {
        parts.push(super::count(c.certificates.len(), "certificate path", "certificate paths"));
    }
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(", ")
    }
}

/// One `--json` record (`paper.claim`, docs/schema/paper.claim.json).
pub fn record(r: &Row) -> String {
    #[derive(serde::Serialize)]
    struct Rec<'a> {
        id: &'a str,
        source: &'a str,
        claim: &'a str,
        status: &'a str,
        settled: &'a str,
        coq: &'a [&'a str],
        certificates: &'a [&'a str],
        command: &'a str,
        open: &'a str,
        verdict: &'a str,
        certificates_checked: usize,
        coq_checked: usize,
        detail: &'a str,
    }
    let c = r.claim;
    super::json::record(
        "paper.claim",
        &Rec {
            id: c.id,
            source: c.source,
            claim: c.claim,
            status: c.status.word(),
            settled: c.settled,
            coq: c.coq,
            certificates: c.certificates,
            command: c.command,
            open: c.open,
            verdict: &r.recheck.verdict,
            certificates_checked: r.recheck.certificates_checked,
            coq_checked: r.recheck.coq_checked,
            detail: &r.recheck.detail,
        },
    )
}

/// The ledger as the Markdown of docs/paper.md (between its markers): a summary table, then
/// one section per claim.
pub fn markdown() -> String {
    let mut s = String::from("| claim | source | status | evidence |\n|---|---|---|---|\n");
    for c in LEDGER {
        s.push_str(&format!(
            "| [{}](#{}) | {} | {} | {} |\n",
            c.id,
            c.id,
            c.source.replace('|', "\\|"),
            c.status.meaning(),
            evidence_short(c)
        ));
    }
    for c in LEDGER {
        s.push_str(&format!("\n### {}\n\n", c.id));
        s.push_str(&format!("- **Source**: {}.\n", c.source));
        s.push_str(&format!("- **Claim**: {}\n", c.claim));
        s.push_str(&format!("- **Status**: {}.\n", c.status.meaning()));
        s.push_str(&format!("- **Settled**: {}\n", c.settled));
        if !c.coq.is_empty() {
            let names: Vec<String> = c.coq.iter().map(|n| format!("`Minip.{n}`")).collect();
            s.push_str(&format!("- **Coq**: {}.\n", names.join(", ")));
        }
        if !c.certificates.is_empty() {
            let paths: Vec<String> = c.certificates.iter().map(|p| format!("`{p}`")).collect();
            s.push_str(&format!("- **Certificates**: {}.\n", paths.join(", ")));
        }
        s.push_str(&format!("- **Reproduce**: `{}`\n", c.command));
        s.push_str(&format!("- **Open**: {}\n", c.open));
    }
    s
}

/// Text for HTML.
fn esc(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The whole ledger as one self-contained HTML page: the table with each row's re-check, the
/// frontier plot inline (`frontier_svg`, docs/frontier.svg), then each row's evidence and
/// command. `machine`: one line saying where and how the re-check ran.
pub fn html(rows: &[Row], frontier_svg: &str, machine: &str) -> String {
    let mut s = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>Three tokens, claim by claim</title>\n<style>\n\
         body{font-family:sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;line-height:1.4}\n\
         table{border-collapse:collapse;width:100%}th,td{border:1px solid #bbb;padding:.3rem .5rem;\
         text-align:left;vertical-align:top}\n\
         .proved{color:#064}.certified{color:#036}.open{color:#750}.false-as-read{color:#a00}\n\
         .failed{color:#a00;font-weight:bold}\ncode{font-size:.9em}\nsvg{max-width:100%;height:auto}\n\
         </style>\n</head>\n<body>\n<h1>Three Tokens Force Exponential Feature Rank: claim by claim</h1>\n",
    );
    s.push_str(
        "<p>Every result of the paper (Opazo, 2026, arXiv:2608.11427) and every prediction of \
         its review, with its status, its evidence and what stays open. Statuses: <b>proved</b> \
         in Coq for every parameter; <b>certified</b> for the finite parameters listed; \
         <b>open</b>; <b>false-as-read</b>, false as literally read.</p>\n",
    );
    s.push_str(&format!("<p id=\"machine\">{}</p>\n", esc(machine)));
    s.push_str(
        "<table id=\"ledger\">\n<thead><tr><th>claim</th><th>source</th><th>status</th>\
         <th>re-check</th></tr></thead>\n<tbody>\n",
    );
    for r in rows {
        let c = r.claim;
        s.push_str(&format!(
            "<tr id=\"row-{id}\"><td><a href=\"#{id}\">{id}</a></td><td>{src}</td>\
             <td class=\"{st}\">{st}</td><td class=\"{v}\">{v}</td></tr>\n",
            id = esc(c.id),
            src = esc(c.source),
            st = c.status.word(),
            v = esc(&r.recheck.verdict),
        ));
    }
    s.push_str("</tbody>\n</table>\n<h2>The rank frontier</h2>\n");
    s.push_str(
        "<p>Certified lower and upper bounds on the feature rank, as log2(rank)/m against m \
         (<code>minip frontier --m 4..=64 --kernel all --plot docs/frontier.svg</code>).</p>\n\
         <figure id=\"frontier\">\n",
    );
    let svg = frontier_svg.find("<svg").map_or(frontier_svg, |i| &frontier_svg[i..]);
    s.push_str(svg.trim_end());
    s.push_str("\n</figure>\n<h2>The claims</h2>\n");
    for r in rows {
        let c = r.claim;
        s.push_str(&format!(
            "<section id=\"{}\">\n<h3>{} <small>({})</small></h3>\n",
            esc(c.id),
            esc(c.id),
            esc(c.source)
        ));
        s.push_str(&format!("<p><b>Claim.</b> {}</p>\n", esc(c.claim)));
        s.push_str(&format!(
            "<p><b>Status.</b> <span class=\"{}\">{}</span>. {}</p>\n",
            c.status.word(),
            c.status.meaning(),
            esc(c.settled)
        ));
        if !c.coq.is_empty() {
            let names: Vec<String> = c.coq.iter().map(|n| format!("<code>Minip.{}</code>", esc(n))).collect();
            s.push_str(&format!("<p><b>Coq.</b> {}</p>\n", names.join(", ")));
        }
        if !c.certificates.is_empty() {
            let paths: Vec<String> =
                c.certificates.iter().map(|p| format!("<code>{}</code>", esc(p))).collect();
            s.push_str(&format!("<p><b>Certificates.</b> {}</p>\n", paths.join(", ")));
        }
        s.push_str(&format!("<p><b>Reproduce.</b> <code class=\"command\">{}</code></p>\n", esc(c.command)));
        s.push_str(&format!("<p><b>Open.</b> {}</p>\n", esc(c.open)));
        s.push_str(&format!(
            "<p><b>Re-check.</b> <span class=\"{}\">{}</span>: {}</p>\n</section>\n",
            esc(&r.recheck.verdict),
            esc(&r.recheck.verdict),
            esc(&r.recheck.detail)
        ));
    }
    s.push_str("</body>\n</html>\n");
    s
}
