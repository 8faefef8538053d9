(** * What a file written by [minip export coq] proves (docs/formal.md, "Checking an export").

    An export carries data and checks only: [gap_certs], [gap_paper], [ratio_certs], and the
    proofs by computation [gap_certs_ok], [gap_paper_ok], [ratio_certs_ok] that the project's
    checkers accept them.  The claims are stated here, once, by absolute names, and proved
    from the export's data through the project's soundness theorems.  Nothing the export
    defines can change what they say: the export is required here, not imported, an absolute
    name such as [Minip.Gap.gap_claim] cannot be masked, and the export's lemmas must have
    the types written below (a lemma about a checker or a claim of its own does not).

    Use: [bash proofs/coq/check-export FILE.v] (after [make -C proofs/coq]), which compiles the
    export as [Gen.Batch] and then this file, prints the claims with the parameters they are
    about (as Coq reads them, not as the export's text shows them) and fails unless the
    claims rest on the standard axioms of Coq's real numbers alone. *)

From Coq Require Import List QArith.
From Minip Require Gap Ratio.
Require Gen.Batch.
Import ListNotations.
Open Scope Q_scope.

Definition gap_claims :
  Coq.Lists.List.Forall (fun c => Minip.Gap.gap_claim (fst c)) Gen.Batch.gap_certs :=
  Minip.Gap.gap_batch_ok_sound Gen.Batch.gap_certs Gen.Batch.gap_certs_ok.

Definition gap_paper_claims :
  Coq.Lists.List.Forall (Minip.Gap.paper_claim_at Gen.Batch.gap_certs) Gen.Batch.gap_paper :=
  Minip.Gap.gap_paper_ok_sound Gen.Batch.gap_certs Gen.Batch.gap_paper Gen.Batch.gap_certs_ok
    Gen.Batch.gap_paper_ok.

Definition ratio_claims :
  Coq.Lists.List.Forall (fun c => Minip.Ratio.ratio_claim (fst (fst c)) (snd (fst c))) Gen.Batch.ratio_certs :=
  Minip.Ratio.ratio_batch_ok_sound Gen.Batch.ratio_certs Gen.Batch.ratio_certs_ok.

(** The parameters: gap claims [(n, eps, h, u, w, all, K')], the indices of the [bound: paper]
    ones (their [K] is [Minip.Gap.kpaper], recomputed), ratio claims
    [(n, eps, h, lo, hi, superset, L)]. *)
Eval vm_compute in Coq.Lists.List.map
  (fun c => let p := fst c in
            (Minip.Gap.g_n p, Minip.Gap.g_eps p, Minip.Gap.g_h p, Minip.Gap.g_u p, Minip.Gap.g_w p,
             Minip.Gap.g_all p, Minip.Gap.g_kp p)) Gen.Batch.gap_certs.
Eval vm_compute in Gen.Batch.gap_paper.
Eval vm_compute in Coq.Lists.List.map
  (fun c => let p := fst (fst c) in
            (Minip.Ratio.r_n p, Minip.Ratio.r_eps p, Minip.Ratio.r_h p, Minip.Ratio.r_lo p,
             Minip.Ratio.r_hi p, Minip.Ratio.r_sup p, snd (fst c))) Gen.Batch.ratio_certs.

Print Assumptions gap_claims.
Print Assumptions gap_paper_claims.
Print Assumptions ratio_claims.
