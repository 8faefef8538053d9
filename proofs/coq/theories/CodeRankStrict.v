(** * The strict form of the code→rank theorem (docs/math.md §5.5): [r >= floor(value) + 1].

    When every forced ratio of a code is strict ([forced_strict]: every correct head has
    [alpha(x, rep lo) > L * alpha(x, rep c)]) and the code has [k >= 2] pairs, every
    off-diagonal entry of the row-normalised block is strictly below [1/L], so the Frobenius
    norm is strictly below [k + sum_{i<>j} L_ij^-2] and [code_rank_strict] gives
    [k^2 < r (k + sum_{i<>j} L_ij^-2)]: [r > value], so [r >= floor(value) + 1]
    ([code_rank_strict_floor]).  Strict ratios come from accepted ratio certificates with a
    positive multiplier ([ratio_forced_strict], every row being strict) and from chains of
    at least one gap ([chain_forced_strict], Lemma 3 is strict).  The diagonal is positive
    because a strict ratio bounds it strictly above a nonnegative entry, so neither Lemma 3
    nor its side condition is needed here.  [code_check_strict] is the checked instance
    ([RankM16.rank_m16]). *)

From Coq Require Import Reals Lra Lia List Arith Bool QArith Qreals.
From Minip Require Import Model Farkas Chain Ratio Rank RankBound CodeRank.
Import ListNotations.
Open Scope R_scope.

(** ** Strict forced ratios *)

Definition forced_strict (n : nat) (eps : R) (h lo c : nat) (L : R) : Prop :=
  forall (T : Type) (ov : T -> T -> R) (x : T) (rep : nat -> T) (H : head T),
    rep h = x ->
    (forall c', (c' <= S h)%nat -> ov x (rep c') = INR (Nat.min c' h)) ->
    nonneg H -> correct_all ov n eps H x ->
    alpha H x (rep lo) > L * alpha H x (rep c).

Lemma forced_of_strict n eps h lo c L : forced_strict n eps h lo c L -> forced n eps h lo c L.
Proof. intros F T ov x rep H Hrep Hov Hnn Hall. apply Rgt_ge, (F T ov x rep H); assumption. Qed.

(** An accepted ratio certificate with a positive multiplier gives a strict forced ratio. *)
Lemma ratio_forced_strict p L :
  ratio_claim_strict p L -> forced_strict (r_n p) (Q2R (r_eps p)) (r_h p) (r_lo p) (r_hi p) (Q2R L).
Proof. intros [_ C]. exact C. Qed.

(** The chain product of a split into at least one gap is a strict forced ratio. *)
Lemma chain_forced_strict n h lo c ds :
  (3 <= n)%nat -> ds <> [] -> Forall (fun d => (2 <= d)%nat) ds -> (c <= S h)%nat ->
  (lo + list_sum ds)%nat = Nat.min c h ->
  forced_strict n (1 / 2) h lo c (chainprod (INR n) ds).
Proof.
  intros Hn Hne Hds Hc Hs T ov x rep H Hrep Hov Hnn Hall.
  assert (Hpos : (2 <= list_sum ds)%nat).
  { destruct ds as [|d ds]; [congruence|]. inversion Hds; subst. simpl. lia. }
  destruct (chain_reps ov x rep h lo c (lo + list_sum ds) Hc Hs ltac:(lia) Hrep Hov)
    as (rep' & Elo & Ee & Hov' & Hh).
  pose proof (forced_ratio_chain_strict ov x rep' H n lo ds Hn Hne Hds Hov' Hh Hnn Hall) as F.
  rewrite Elo, Ee in F. exact F.
Qed.

(** A strict forced ratio [L c > 0] for the class [c] of every off-diagonal entry. *)
Definition ratios_forced_strict (n : nat) (eps : R) (m h lo k : nat) (x y : nat -> tok m)
  (L : nat -> R) : Prop :=
  forall i j, (i < k)%nat -> (j < k)%nat -> i <> j ->
    let c := cls_of h (x i) (y j) in c <> lo /\ 0 < L c /\ forced_strict n eps h lo c (L c).

(** ** The strict Frobenius step *)

(** A sum of termwise [<=] with one strict [<] is strict. *)
Lemma sumN_lt nv f g j0 :
  (forall j, (j < nv)%nat -> f j <= g j) -> (j0 < nv)%nat -> f j0 < g j0 -> sumN nv f < sumN nv g.
Proof.
  induction nv as [|nv IH]; intros E Hj0 Hlt; simpl; [lia|].
  assert (sumN nv f <= sumN nv g) by (apply sumN_le; intros; apply E; lia).
  assert (f nv <= g nv) by (apply E; lia).
  destruct (Nat.eq_dec j0 nv) as [->|Ne]; [lra|].
  assert (sumN nv f < sumN nv g) by (apply IH; [intros; apply E; lia|lia|exact Hlt]). lra.
Qed.

(** With [k >= 2] there is an off-diagonal entry: termwise [<] gives [<]. *)
Lemma offsum_lt k (b b' : nat -> nat -> R) :
  (2 <= k)%nat ->
  (forall i j, (i < k)%nat -> (j < k)%nat -> i <> j -> b i j < b' i j) -> offsum k b < offsum k b'.
Proof.
  intros Hk E. unfold offsum.
  apply (sumN_lt _ _ _ 0); [|lia|].
  - intros i Hi. apply sumN_le. intros j Hj.
    destruct (Nat.eqb_spec i j); [lra|apply Rlt_le, E; assumption].
  - apply (sumN_lt _ _ _ 1); [|lia|simpl; apply E; lia].
    intros j Hj. destruct (Nat.eqb_spec 0 j); [lra|apply Rlt_le, E; lia].
Qed.

(** An entry [v / a] with [a > L v] ([L, a > 0], [v >= 0]): [(v/a)^2 < L^-2]. *)
Lemma entry_lt (L a v : R) : 0 < L -> 0 < a -> 0 <= v -> a > L * v -> (v / a) ^ 2 < / L ^ 2.
Proof.
  intros HL Ha Hv Hb.
  assert (0 <= v / a < / L).
  { split; [unfold Rdiv; apply Rmult_le_pos; [lra|apply Rlt_le, Rinv_0_lt_compat; lra]|].
    apply (Rmult_lt_reg_l L); [exact HL|]. apply (Rmult_lt_reg_r a); [exact Ha|].
    replace (L * (v / a) * a) with (L * v) by (field; lra).
    replace (L * / L * a) with a by (field; lra). lra. }
  replace (/ L ^ 2) with ((/ L) ^ 2) by (field; lra).
  simpl. nra.
Qed.

(** ** The theorem *)

Section Strict.

Context (m n h lo k : nat) (eps : R) (x y : nat -> tok m) (L : nat -> R).
Hypothesis Hk : (2 <= k)%nat.
Hypothesis Hcode : is_code m h lo k x y.
Hypothesis Hratio : ratios_forced_strict n eps m h lo k x y L.

Context (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R).
Hypothesis Hhead : feature_head m n eps H r phi psi.

Lemma pair_ratio_strict i j : (i < k)%nat -> (j < k)%nat -> i <> j ->
  0 < L (cls_of h (x i) (y j)) /\ alpha H (x i) (y i) > L (cls_of h (x i) (y j)) * alpha H (x i) (y j).
Proof.
  intros Hi Hj Hij. destruct Hhead as (Hnn & Hall & _).
  destruct (Hratio i j Hi Hj Hij) as (Hne & HL & F). split; [exact HL|].
  destruct (pair_reps m h lo k x y Hcode i j Hi Hne) as (rep & Hrep & Hov & Elo & Ec).
  specialize (F (tok m) tov (x i) rep H Hrep Hov Hnn (Hall (x i))).
  rewrite Elo, Ec in F. exact F.
Qed.

(** The diagonal is positive: strictly above [L_ij alpha(x_i, y_j) >= 0] for any [j <> i]. *)
Lemma diag_pos_strict i : (i < k)%nat -> 0 < alpha H (x i) (y i).
Proof.
  intro Hi. destruct Hhead as (Hnn & _ & _).
  set (j := if Nat.eqb i 0 then 1%nat else 0%nat).
  assert (Hj : (j < k)%nat /\ i <> j) by (unfold j; destruct (Nat.eqb_spec i 0); lia).
  destruct (pair_ratio_strict i j Hi (proj1 Hj) (proj2 Hj)) as [HL Hb].
  pose proof (Hnn (x i) (y j)). nra.
Qed.

Lemma code_rank_strict_mul :
  INR k ^ 2 < INR r * (INR k + offsum k (fun i j => / L (cls_of h (x i) (y j)) ^ 2)).
Proof.
  destruct Hhead as (Hnn & _ & _).
  pose proof (rows_rank m n k eps x y H r phi psi Hhead diag_pos_strict) as R0.
  set (S0 := offsum k (fun i j => (alpha H (x i) (y j) / alpha H (x i) (y i)) ^ 2)) in *.
  assert (Hlt : S0 < offsum k (fun i j => / L (cls_of h (x i) (y j)) ^ 2)).
  { apply offsum_lt; [exact Hk|]. intros i j Hi Hj Hij.
    destruct (pair_ratio_strict i j Hi Hj Hij) as [HL Hb].
    apply entry_lt; [exact HL|apply diag_pos_strict, Hi|apply Hnn|exact Hb]. }
  assert (Hr : 0 < INR r).
  { destruct (Nat.eq_dec r 0) as [E|E]; [|apply lt_0_INR; lia].
    rewrite E in R0. simpl INR in R0. assert (0 < INR k) by (apply lt_0_INR; lia). nra. }
  apply Rle_lt_trans with (INR r * (INR k + S0)); [exact R0|].
  apply Rmult_lt_compat_l; lra.
Qed.

End Strict.

(** ** The strict form: for every [m], every code of shape [(m, h, lo)] with [k >= 2] pairs
    and strict positive forced ratios [L] for its classes, every nonnegative head correct on
    all length-[n] sequences over [{0,1}^m] whose kernel has [r] features has
    [k^2 < r (k + sum_{i<>j} L(class(x_i, y_j))^-2)], i.e. [r > value] (docs/math.md §5.5). *)
Theorem code_rank_strict (m n h lo k : nat) (eps : R) (x y : nat -> tok m) (L : nat -> R) :
  (2 <= k)%nat -> is_code m h lo k x y -> ratios_forced_strict n eps m h lo k x y L ->
  forall (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R),
    feature_head m n eps H r phi psi ->
    INR k ^ 2 < INR r * (INR k + offsum k (fun i j => / L (cls_of h (x i) (y j)) ^ 2)).
Proof. exact (code_rank_strict_mul m n h lo k eps x y L). Qed.

(** In integers: every [b <= value] is below [r]; with [b = floor(value)],
    [r >= floor(value) + 1]. *)
Corollary code_rank_strict_floor (m n h lo k : nat) (eps : R) (x y : nat -> tok m) (L : nat -> R) :
  (2 <= k)%nat -> is_code m h lo k x y -> ratios_forced_strict n eps m h lo k x y L ->
  forall (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R),
    feature_head m n eps H r phi psi ->
    forall b : nat, INR b <= code_value k (fun i j => L (cls_of h (x i) (y j))) -> (b < r)%nat.
Proof.
  intros Hk Hcode Hratio H r phi psi Hhead b Hb.
  pose proof (code_rank_strict m n h lo k eps x y L Hk Hcode Hratio H r phi psi Hhead) as V.
  unfold code_value in Hb.
  set (S := offsum k (fun i j => / L (cls_of h (x i) (y j)) ^ 2)) in *.
  assert (HS : 0 <= S).
  { unfold S, offsum. apply sumN_nonneg. intros i Hi. apply sumN_nonneg. intros j Hj.
    destruct (Nat.eqb_spec i j) as [_|Hij]; [lra|].
    destruct (Hratio i j Hi Hj Hij) as (_ & HL & _).
    apply Rlt_le, Rinv_0_lt_compat, pow_lt, HL. }
  assert (Hk' : 0 < INR k) by (apply lt_0_INR; lia).
  assert (Hb' : INR b * (INR k + S) <= INR k ^ 2).
  { replace (INR k ^ 2) with (INR k ^ 2 / (INR k + S) * (INR k + S)) by (field; lra).
    apply Rmult_le_compat_r; lra. }
  apply INR_lt. apply (Rmult_lt_reg_r (INR k + S)); lra.
Qed.

(** ** A checked code, strict: [code_data_ok], [k >= 2], a positive multiplier in every
    ratio certificate, and [(B - 1)(k + sum_{i<>j} L_ij^-2) <= k^2] over [Q]: then
    [B - 1 <= value < r]. *)
Definition code_check_strict (m h lo : nat) (xs ys : list (list bool)) (certs : list rcert)
  (B : nat) : bool :=
  let k := length xs in
  code_data_ok m h lo xs ys certs && Nat.leb 2 k && forallb (fun ce => ratio_strict (snd ce)) certs
  && Qle_bool ((inject_Z (Z.of_nat B) - 1) * (inject_Z (Z.of_nat k) + pairs_sum certs h lo xs ys))
              (inject_Z (Z.of_nat k) * inject_Z (Z.of_nat k)).

Lemma checked_ratios_strict m h lo xs ys certs :
  code_data_ok m h lo xs ys certs = true -> forallb (fun ce => ratio_strict (snd ce)) certs = true ->
  ratios_forced_strict 3 (1 / 2) m h lo (length xs) (ck_x m xs) (ck_y m ys) (ck_L h lo certs).
Proof.
  intros Hok Hs i j Hi Hj Hij.
  destruct (checked_pair m h lo xs ys certs Hok i j Hi Hj Hij)
    as (Hne & HL & ce & Hin & Hce & EL & En & Ee & Eh & Elo & Ehi).
  split; [exact Hne|split; [exact HL|]]. rewrite forallb_forall in Hs.
  pose proof (ratio_forced_strict _ _ (ratio_sound_strict _ _ _ Hce (Hs ce Hin))) as F.
  rewrite En, Ee, Eh, Elo, Ehi, <- EL in F. exact F.
Qed.

Theorem code_check_strict_rank m h lo xs ys certs B :
  code_check_strict m h lo xs ys certs B = true -> rank_claim m B.
Proof.
  intros Hc H r phi psi Hnn Hall Hfeat.
  apply andb_true_iff in Hc as [Hc Hfin]. apply andb_true_iff in Hc as [Hc Hs].
  apply andb_true_iff in Hc as [Hok Hk]. apply Nat.leb_le in Hk.
  pose proof (code_rank_strict m 3 h lo (length xs) (1 / 2) (ck_x m xs) (ck_y m ys) (ck_L h lo certs)
                Hk (checked_code m h lo xs ys certs Hok) (checked_ratios_strict m h lo xs ys certs Hok Hs)
                H r phi psi (conj Hnn (conj Hall Hfeat))) as V.
  assert (V' : INR (length xs) ^ 2 < INR r * (INR (length xs) + Q2R (pairs_sum certs h lo xs ys)))
    by (rewrite <- (checked_sum m h lo xs ys certs Hok); exact V).
  pose proof (checked_sum_nonneg m h lo xs ys certs Hok).
  apply Qle_bool_R in Hfin. destruct (Qdata_R B (length xs) (pairs_sum certs h lo xs ys)) as [E1 E2].
  rewrite E1, E2 in Hfin. apply (nat_bound B r (INR (length xs) + Q2R (pairs_sum certs h lo xs ys)));
    [assumption|lra].
Qed.
