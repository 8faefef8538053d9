(** * The end-to-end rank bound for [m = 16] (docs/formal.md): the code and the two ratio
    certificates of [proofs/rank/m16.json] ([k = 30] pairs, [h = 8], [lo = 0]; classes 4
    and 8), checked by [CodeRankStrict.code_check_strict] with [vm_compute].  [rank_m16]: every
    nonnegative head correct on all length-3 sequences over [{0,1}^16] with [eps = 1/2] whose
    kernel has [r] features has [r >= 8].  The data below is the certificate's
    ([tests/coq.rs] compares it with the JSON file); the ratio entries are what
    [minip export coq] writes for its two ratio certificates.  [rank_m16] is an instance of
    the general strict form [CodeRankStrict.code_rank_strict]: both certificates have positive
    multipliers, so their ratios are strict and [r >= floor(value) + 1 = 8]
    ([value = 22815/3131 ~ 7.29]: the same as [ceil(value)], the certificate's bound). *)

From Coq Require Import List QArith Arith.
From Minip Require Import Ratio RankBound CodeRankStrict.
Import ListNotations.

Local Open Scope nat_scope.

Definition tb (l : list nat) : list bool := map (Nat.eqb 1) l.

Definition xs : list (list bool) := map tb [
  [1;1;1;1;1;1;1;1;0;0;0;0;0;0;0;0];
  [1;1;1;1;0;0;0;0;1;1;1;1;0;0;0;0];
  [1;1;1;1;0;0;0;0;0;0;0;0;1;1;1;1];
  [1;1;0;0;1;1;0;0;1;1;0;0;1;1;0;0];
  [1;1;0;0;1;1;0;0;0;0;1;1;0;0;1;1];
  [1;1;0;0;0;0;1;1;1;1;0;0;0;0;1;1];
  [1;1;0;0;0;0;1;1;0;0;1;1;1;1;0;0];
  [1;0;1;0;1;0;1;0;1;0;1;0;1;0;1;0];
  [1;0;1;0;1;0;1;0;0;1;0;1;0;1;0;1];
  [1;0;1;0;0;1;0;1;1;0;1;0;0;1;0;1];
  [1;0;1;0;0;1;0;1;0;1;0;1;1;0;1;0];
  [1;0;0;1;1;0;0;1;1;0;0;1;1;0;0;1];
  [1;0;0;1;1;0;0;1;0;1;1;0;0;1;1;0];
  [1;0;0;1;0;1;1;0;1;0;0;1;0;1;1;0];
  [1;0;0;1;0;1;1;0;0;1;1;0;1;0;0;1];
  [0;1;1;0;1;0;0;1;1;0;0;1;0;1;1;0];
  [0;1;1;0;1;0;0;1;0;1;1;0;1;0;0;1];
  [0;1;1;0;0;1;1;0;1;0;0;1;1;0;0;1];
  [0;1;1;0;0;1;1;0;0;1;1;0;0;1;1;0];
  [0;1;0;1;1;0;1;0;1;0;1;0;0;1;0;1];
  [0;1;0;1;1;0;1;0;0;1;0;1;1;0;1;0];
  [0;1;0;1;0;1;0;1;1;0;1;0;1;0;1;0];
  [0;1;0;1;0;1;0;1;0;1;0;1;0;1;0;1];
  [0;0;1;1;1;1;0;0;1;1;0;0;0;0;1;1];
  [0;0;1;1;1;1;0;0;0;0;1;1;1;1;0;0];
  [0;0;1;1;0;0;1;1;1;1;0;0;1;1;0;0];
  [0;0;1;1;0;0;1;1;0;0;1;1;0;0;1;1];
  [0;0;0;0;1;1;1;1;1;1;1;1;0;0;0;0];
  [0;0;0;0;1;1;1;1;0;0;0;0;1;1;1;1];
  [0;0;0;0;0;0;0;0;1;1;1;1;1;1;1;1]
].

Definition ys : list (list bool) := map tb [
  [0;0;0;0;0;0;0;0;1;1;1;1;1;1;1;1];
  [0;0;0;0;1;1;1;1;0;0;0;0;1;1;1;1];
  [0;0;0;0;1;1;1;1;1;1;1;1;0;0;0;0];
  [0;0;1;1;0;0;1;1;0;0;1;1;0;0;1;1];
  [0;0;1;1;0;0;1;1;1;1;0;0;1;1;0;0];
  [0;0;1;1;1;1;0;0;0;0;1;1;1;1;0;0];
  [0;0;1;1;1;1;0;0;1;1;0;0;0;0;1;1];
  [0;1;0;1;0;1;0;1;0;1;0;1;0;1;0;1];
  [0;1;0;1;0;1;0;1;1;0;1;0;1;0;1;0];
  [0;1;0;1;1;0;1;0;0;1;0;1;1;0;1;0];
  [0;1;0;1;1;0;1;0;1;0;1;0;0;1;0;1];
  [0;1;1;0;0;1;1;0;0;1;1;0;0;1;1;0];
  [0;1;1;0;0;1;1;0;1;0;0;1;1;0;0;1];
  [0;1;1;0;1;0;0;1;0;1;1;0;1;0;0;1];
  [0;1;1;0;1;0;0;1;1;0;0;1;0;1;1;0];
  [1;0;0;1;0;1;1;0;0;1;1;0;1;0;0;1];
  [1;0;0;1;0;1;1;0;1;0;0;1;0;1;1;0];
  [1;0;0;1;1;0;0;1;0;1;1;0;0;1;1;0];
  [1;0;0;1;1;0;0;1;1;0;0;1;1;0;0;1];
  [1;0;1;0;0;1;0;1;0;1;0;1;1;0;1;0];
  [1;0;1;0;0;1;0;1;1;0;1;0;0;1;0;1];
  [1;0;1;0;1;0;1;0;0;1;0;1;0;1;0;1];
  [1;0;1;0;1;0;1;0;1;0;1;0;1;0;1;0];
  [1;1;0;0;0;0;1;1;0;0;1;1;1;1;0;0];
  [1;1;0;0;0;0;1;1;1;1;0;0;0;0;1;1];
  [1;1;0;0;1;1;0;0;0;0;1;1;0;0;1;1];
  [1;1;0;0;1;1;0;0;1;1;0;0;1;1;0;0];
  [1;1;1;1;0;0;0;0;0;0;0;0;1;1;1;1];
  [1;1;1;1;0;0;0;0;1;1;1;1;0;0;0;0];
  [1;1;1;1;1;1;1;1;0;0;0;0;0;0;0;0]
].

Local Open Scope Q_scope.

Definition ratio_certs : list rcert := [
  ((RP 3 (1#2) 8 0 4 true, (3#1)), [(([0;0]%nat, false), (1#2)); (([0;4]%nat, true), (1#1)); (([4;4]%nat, false), (1#2))]);
  ((RP 3 (1#2) 8 0 8 true, (13#1)), [(([0;0]%nat, false), (1#2)); (([0;4]%nat, true), (1#1)); (([4;4]%nat, false), (2#1)); (([4;8]%nat, true), (3#1)); (([8;8]%nat, false), (3#2))])
].

Lemma code_ok : code_check_strict 16 8 0 xs ys ratio_certs 8 = true.
Proof. vm_compute. reflexivity. Qed.

(** Every head correct on all length-3 sequences over [{0,1}^16] has feature rank [>= 8]. *)
(** An instance of [CodeRankStrict.code_rank_strict] (through
    [CodeRankStrict.code_check_strict_rank]). *)
Theorem rank_m16 : rank_claim 16 8.
Proof. exact (code_check_strict_rank _ _ _ _ _ _ _ code_ok). Qed.
