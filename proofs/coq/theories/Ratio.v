(** * The lower side of forced ratios ([minip-ratio/2], [minip-ratio-bound/1], default
    setting; docs/math.md §4): the row-LP rows are rebuilt here from the parameters; a
    certificate supplies row labels (a multiset of [n - 1] classes and a side) and
    multipliers.  [ratio_sound]: an accepted certificate proves that every head correct on
    all length-[n] sequences has [alpha(x, rep lo) >= L alpha(x, rep hi)];
    [ratio_sound_strict]: [>] when a multiplier is positive ([ratio_strict]). *)

From Coq Require Import Reals Lra Lia List QArith Qreals Bool Arith.
From Minip Require Import Model Farkas Gap.
Import ListNotations.

(** Length [n], tolerance [eps], query weight [h], the classes [lo] and [hi]
    ([0 .. h], [h] the query itself, [h + 1] the strict supersets when [superset]). *)
Record rparams := RP { r_n : nat; r_eps : Q; r_h : nat; r_lo : nat; r_hi : nat; r_sup : bool }.

(** A row: the multiset of classes of the keys and the side ([true]: upper). *)
Definition rlabel := (list nat * bool)%type.

Definition rclass_ok (p : rparams) (c : nat) : bool :=
  Nat.leb c (r_h p) || (r_sup p && Nat.eqb c (S (r_h p))).

(** The overlap of a class with the query. *)
Definition rov (p : rparams) (c : nat) : nat := Nat.min c (r_h p).

Definition rtarget (p : rparams) (M : list nat) : nat :=
  fold_right (fun c acc => Nat.min (rov p c) acc) (r_h p) M.

(** Variables: [A_c] at [c], [P_c] at [h + 2 + c]. *)
Definition rP (p : rparams) (c : nat) : nat := (S (S (r_h p)) + c)%nat.

Local Open Scope Q_scope.

Definition rrow (p : rparams) (l : rlabel) : srow :=
  let (M, up) := l in
  let t := Qnat (rtarget p M) in
  let m := if up then - (t + r_eps p) else t - r_eps p in
  let sg := if up then 1 else -1 in
  flat_map (fun c => [(c, m); (rP p c, sg)]) (r_h p :: M).

Definition rvalid (p : rparams) (l : rlabel) : bool :=
  Nat.eqb (length (fst l)) (r_n p - 1) && forallb (rclass_ok p) (fst l).

(** The parameter ranges that minip-check validates ([ratio_instance]): [n >= 3],
    [eps > 0], [h >= 1], [lo < hi], [hi <= h] or [hi = h + 1] with [superset].  Without them
    an accepted certificate could state a vacuous claim: no head is correct when [eps <= 0]. *)
Definition rrange (p : rparams) : bool :=
  Nat.leb 3 (r_n p) && negb (Qle_bool (r_eps p) 0) && Nat.leb 1 (r_h p)
  && Nat.ltb (r_lo p) (r_hi p) && rclass_ok p (r_hi p).

(** The Farkas part: valid labels and the combination of the rebuilt rows with the target
    [A_lo - L A_hi]. *)
Definition ratio_rows_ok (p : rparams) (L : Q) (cert : list (rlabel * Q)) : bool :=
  rclass_ok p (r_lo p) && rclass_ok p (r_hi p)
  && forallb (fun lq => rvalid p (fst lq)) cert
  && comb_ok (2 * S (S (r_h p))) (fun j => Nat.ltb j (S (S (r_h p))))
       (map (fun lq => (snd lq, rrow p (fst lq))) cert)
       [(r_lo p, 1); (r_hi p, - L)].

Definition check_ratio (p : rparams) (L : Q) (cert : list (rlabel * Q)) : bool :=
  rrange p && ratio_rows_ok p L cert.

Local Close Scope Q_scope.
Local Open Scope R_scope.

(** The ranges as a proposition: part of every claim, so that a reader sees it is not
    vacuous. *)
Definition ratio_range (p : rparams) : Prop :=
  (3 <= r_n p)%nat /\ 0 < Q2R (r_eps p) /\ (1 <= r_h p)%nat /\ (r_lo p < r_hi p)%nat /\
  ((r_hi p <= r_h p)%nat \/ (r_sup p = true /\ r_hi p = S (r_h p))).

(** The claim: the ranges hold, and for a query [x] of weight [h] and representatives
    [rep c] of every class ([rep h = x]; [rep c] has overlap [min c h] with [x]), every
    head correct on all length-[n] sequences queried at [x] has
    [alpha(x, rep lo) >= L alpha(x, rep hi)]. *)
Definition ratio_claim (p : rparams) (L : Q) : Prop :=
  ratio_range p /\
  forall (T : Type) (ov : T -> T -> R) (x : T) (rep : nat -> T) (H : head T),
    rep (r_h p) = x ->
    (forall c, (c <= S (r_h p))%nat -> ov x (rep c) = INR (Nat.min c (r_h p))) ->
    nonneg H -> correct_all ov (r_n p) (Q2R (r_eps p)) H x ->
    alpha H x (rep (r_lo p)) >= Q2R L * alpha H x (rep (r_hi p)).

Lemma rval_app r1 r2 v : rval (r1 ++ r2) v = rval r1 v + rval r2 v.
Proof. induction r1 as [|[k q] r1 IH]; simpl; [ring|rewrite IH; ring]. Qed.

Section RSound.

Context {T : Type} (ov : T -> T -> R) (x : T) (rep : nat -> T) (H : head T) (p : rparams).
Hypothesis Hrep : rep (r_h p) = x.
Hypothesis Hov : forall c, (c <= S (r_h p))%nat -> ov x (rep c) = INR (Nat.min c (r_h p)).

Definition rpoint (j : nat) : R :=
  if Nat.ltb j (S (S (r_h p))) then alpha H x (rep j)
  else alpha H x (rep (j - S (S (r_h p)))) * s H x (rep (j - S (S (r_h p)))).

Definition Asum (M : list nat) : R := fold_right (fun c acc => alpha H x (rep c) + acc) 0 M.
Definition Psum (M : list nat) : R :=
  fold_right (fun c acc => alpha H x (rep c) * s H x (rep c) + acc) 0 M.

Lemma rpoint_class c :
  rclass_ok p c = true ->
  rpoint c = alpha H x (rep c) /\ rpoint (rP p c) = alpha H x (rep c) * s H x (rep c).
Proof.
  intros Hc. unfold rclass_ok in Hc. unfold rpoint, rP.
  assert (Hlt : Nat.ltb c (S (S (r_h p))) = true).
  { apply Nat.ltb_lt. apply orb_true_iff in Hc as [Hc|Hc].
    - apply Nat.leb_le in Hc. lia.
    - apply andb_true_iff in Hc as [_ Hc]. apply Nat.eqb_eq in Hc. lia. }
  rewrite Hlt. destruct (Nat.ltb_spec (S (S (r_h p)) + c) (S (S (r_h p)))); [lia|].
  replace (S (S (r_h p)) + c - S (S (r_h p)))%nat with c by lia. split; reflexivity.
Qed.

Lemma rrow_val M (m sg : Q) :
  forallb (rclass_ok p) M = true ->
  rval (flat_map (fun c => [(c, m); (rP p c, sg)]) (r_h p :: M)) rpoint
  = Q2R m * (alpha H x x + Asum M) + Q2R sg * (alpha H x x * s H x x + Psum M).
Proof.
  intros HM.
  assert (Ea : alpha H x x = alpha H x (rep (r_h p))) by (rewrite Hrep; reflexivity).
  assert (Es : s H x x = s H x (rep (r_h p))) by (rewrite Hrep; reflexivity).
  rewrite Ea, Es.
  assert (Hh : rclass_ok p (r_h p) = true) by (unfold rclass_ok; rewrite Nat.leb_refl; reflexivity).
  simpl. destruct (rpoint_class _ Hh) as [-> ->].
  induction M as [|c M IH]; simpl in HM |- *.
  - unfold Asum, Psum; simpl. ring.
  - apply andb_true_iff in HM as [Hc1 HM]. destruct (rpoint_class _ Hc1) as [-> ->].
    specialize (IH HM). unfold Asum, Psum in *; simpl. lra.
Qed.

Lemma den_plain M : den H x (plain (map rep M)) = alpha H x x + Asum M.
Proof. unfold den, plain, Asum. f_equal. induction M; simpl; [reflexivity|rewrite IHM; ring]. Qed.
Lemma num_plain M : num H x (plain (map rep M)) = alpha H x x * s H x x + Psum M.
Proof. unfold num, plain, Psum. f_equal. induction M; simpl; [reflexivity|rewrite IHM; ring]. Qed.
Lemma target_plain M :
  forallb (rclass_ok p) M = true -> target ov x (plain (map rep M)) = INR (rtarget p M).
Proof.
  intro HM. unfold target, plain, rtarget. induction M as [|c M IH]; simpl in *.
  - assert (E := Hov (r_h p) ltac:(lia)). rewrite Hrep, Nat.min_id in E. exact E.
  - apply andb_true_iff in HM as [Hc HM]. rewrite IH by exact HM. rewrite Hov.
    + rewrite INR_min. reflexivity.
    + unfold rclass_ok in Hc. apply orb_true_iff in Hc as [Hc|Hc].
      * apply Nat.leb_le in Hc. lia.
      * apply andb_true_iff in Hc as [_ Hc]. apply Nat.eqb_eq in Hc. lia.
Qed.

(** Every row is strict: [rval < 0] at a correct head. *)
Lemma rrow_neg l :
  rvalid p l = true -> correct_all ov (r_n p) (Q2R (r_eps p)) H x ->
  rval (rrow p l) rpoint < 0.
Proof.
  destruct l as [M up]. unfold rvalid. simpl fst. intros Hv Hc.
  apply andb_true_iff in Hv as [Hlen HM]. apply Nat.eqb_eq in Hlen.
  assert (Hlen' : length (map rep M) = (r_n p - 1)%nat) by (rewrite map_length; exact Hlen).
  specialize (Hc _ Hlen'). apply correct_rows in Hc as [_ [U Lo]].
  rewrite den_plain, num_plain, target_plain in U, Lo by exact HM.
  unfold rrow. rewrite rrow_val by exact HM.
  destruct up.
  - rewrite Q2R_opp, Q2R_plus, Q2R_Qnat, Q2R_1. lra.
  - rewrite Q2R_minus, Q2R_Qnat, Q2R_m1. lra.
Qed.

Lemma rrow_nonpos l :
  rvalid p l = true -> correct_all ov (r_n p) (Q2R (r_eps p)) H x ->
  rval (rrow p l) rpoint <= 0.
Proof. intros Hv Hc. apply Rlt_le, rrow_neg; assumption. Qed.

End RSound.

Lemma rrange_sound p : rrange p = true -> ratio_range p.
Proof.
  unfold rrange, ratio_range, rclass_ok. intro H.
  repeat match type of H with (_ && _) = true => apply andb_true_iff in H as [H ?] end.
  apply Nat.leb_le in H. repeat split; try lia.
  - apply Qpos_R; assumption.
  - apply Nat.leb_le; assumption.
  - apply Nat.ltb_lt; assumption.
  - match goal with E : (_ || _) = true |- _ =>
      apply orb_true_iff in E as [E|E];
      [left; apply Nat.leb_le, E
      |right; apply andb_true_iff in E as [E1 E2]; split; [exact E1|apply Nat.eqb_eq, E2]] end.
Qed.

(** A certificate is strict when one of its multipliers is positive: every row is strict
    ([rrow_neg]), so the combination is then [< 0] and the bound strict (docs/math.md §4.6). *)
Definition ratio_strict (cert : list (rlabel * Q)) : bool :=
  existsb (fun lq => negb (Qle_bool (snd lq) 0)) cert.

(** The Farkas part at a head: [alpha(x, rep lo) - L alpha(x, rep hi) >= 0], and [> 0] for a
    strict certificate. *)
Lemma ratio_rows_sound (p : rparams) (L : Q) (cert : list (rlabel * Q))
  {T : Type} (ov : T -> T -> R) (x : T) (rep : nat -> T) (H : head T) :
  ratio_rows_ok p L cert = true -> rep (r_h p) = x ->
  (forall c, (c <= S (r_h p))%nat -> ov x (rep c) = INR (Nat.min c (r_h p))) ->
  nonneg H -> correct_all ov (r_n p) (Q2R (r_eps p)) H x ->
  0 <= alpha H x (rep (r_lo p)) - Q2R L * alpha H x (rep (r_hi p)) /\
  (ratio_strict cert = true -> 0 < alpha H x (rep (r_lo p)) - Q2R L * alpha H x (rep (r_hi p))).
Proof.
  intros Hc Hrep Hov Hnn Hall.
  unfold ratio_rows_ok in Hc.
  apply andb_true_iff in Hc as [Hc Hok]. apply andb_true_iff in Hc as [Hc Hv].
  apply andb_true_iff in Hc as [Hlo Hhi].
  set (v := rpoint x rep H p).
  assert (Hnv : forall j, Nat.ltb j (S (S (r_h p))) = true -> 0 <= v j).
  { intros j Hj. unfold v, rpoint. rewrite Hj. apply Hnn. }
  pose proof (comb_sound _ _ _ _ v Hok Hnv) as S0.
  pose proof (comb_ok_mult_nonneg _ _ _ _ Hok) as Hy.
  set (F := fun cert => fold_right (fun yr acc => Q2R (fst yr) * rval (snd yr) v + acc) 0
                          (map (fun lq => (snd lq, rrow p (fst lq))) cert)).
  assert (Hsum : F cert <= 0 /\ (ratio_strict cert = true -> F cert < 0)).
  { rewrite forallb_forall in Hv. clear S0 Hok. unfold F, ratio_strict.
    induction cert as [|lq cert IH]; simpl; [split; [lra|discriminate]|].
    assert (Hq : 0 <= Q2R (snd lq)) by (apply (Hy (snd lq, rrow p (fst lq))); left; reflexivity).
    assert (Hr : rval (rrow p (fst lq)) v < 0).
    { apply (rrow_neg ov x rep H p Hrep Hov); [apply Hv; left; reflexivity|exact Hall]. }
    destruct IH as [IH1 IH2]; [intros e He; apply Hv; right; exact He
                              |intros yr Hin; apply Hy; right; exact Hin|].
    split; [nra|]. intro Hs. apply orb_true_iff in Hs as [Hs|Hs].
    - apply negb_true_iff in Hs. assert (Hq' : ~ Q2R (snd lq) <= 0).
      { intro C. rewrite <- Q2R0 in C. apply Rle_Qle, Qle_bool_iff in C. congruence. }
      nra.
    - specialize (IH2 Hs). nra. }
  cbn [rval] in S0. fold (F cert) in S0.
  assert (Hl : Nat.ltb (r_lo p) (S (S (r_h p))) = true).
  { unfold rclass_ok in Hlo. apply Nat.ltb_lt. apply orb_true_iff in Hlo as [E|E].
    - apply Nat.leb_le in E. lia.
    - apply andb_true_iff in E as [_ E]. apply Nat.eqb_eq in E. lia. }
  assert (Hh : Nat.ltb (r_hi p) (S (S (r_h p))) = true).
  { unfold rclass_ok in Hhi. apply Nat.ltb_lt. apply orb_true_iff in Hhi as [E|E].
    - apply Nat.leb_le in E. lia.
    - apply andb_true_iff in E as [_ E]. apply Nat.eqb_eq in E. lia. }
  assert (El : v (r_lo p) = alpha H x (rep (r_lo p))) by (unfold v, rpoint; rewrite Hl; reflexivity).
  assert (Eh : v (r_hi p) = alpha H x (rep (r_hi p))) by (unfold v, rpoint; rewrite Hh; reflexivity).
  rewrite El, Eh, Q2R_opp, Q2R_1 in S0. destruct Hsum as [S1 S2].
  split; [lra|]. intro Hs. specialize (S2 Hs). lra.
Qed.

Theorem ratio_sound (p : rparams) (L : Q) (cert : list (rlabel * Q)) :
  check_ratio p L cert = true -> ratio_claim p L.
Proof.
  unfold check_ratio. intro Hc. apply andb_true_iff in Hc as [Hrange Hc].
  split; [exact (rrange_sound _ Hrange)|].
  intros T ov x rep H Hrep Hov Hnn Hall.
  destruct (ratio_rows_sound p L cert ov x rep H Hc Hrep Hov Hnn Hall) as [S _]. lra.
Qed.

(** The strict claim: [alpha(x, rep lo) > L alpha(x, rep hi)]. *)
Definition ratio_claim_strict (p : rparams) (L : Q) : Prop :=
  ratio_range p /\
  forall (T : Type) (ov : T -> T -> R) (x : T) (rep : nat -> T) (H : head T),
    rep (r_h p) = x ->
    (forall c, (c <= S (r_h p))%nat -> ov x (rep c) = INR (Nat.min c (r_h p))) ->
    nonneg H -> correct_all ov (r_n p) (Q2R (r_eps p)) H x ->
    alpha H x (rep (r_lo p)) > Q2R L * alpha H x (rep (r_hi p)).

Theorem ratio_sound_strict (p : rparams) (L : Q) (cert : list (rlabel * Q)) :
  check_ratio p L cert = true -> ratio_strict cert = true -> ratio_claim_strict p L.
Proof.
  unfold check_ratio. intros Hc Hs. apply andb_true_iff in Hc as [Hrange Hc].
  split; [exact (rrange_sound _ Hrange)|].
  intros T ov x rep H Hrep Hov Hnn Hall.
  destruct (ratio_rows_sound p L cert ov x rep H Hc Hrep Hov Hnn Hall) as [_ S].
  specialize (S Hs). lra.
Qed.

(** The check of a batch, as a file written by [minip export coq] states it
    ([ratio_certs_ok]); proofs/coq/Claims.v concludes [ratio_batch_sound] from it. *)
Definition ratio_batch_ok (certs : list ((rparams * Q) * list (rlabel * Q))) : bool :=
  forallb (fun c => check_ratio (fst (fst c)) (snd (fst c)) (snd c)) certs.

Theorem ratio_batch_sound (certs : list ((rparams * Q) * list (rlabel * Q))) :
  forallb (fun c => check_ratio (fst (fst c)) (snd (fst c)) (snd c)) certs = true ->
  Forall (fun c => ratio_claim (fst (fst c)) (snd (fst c))) certs.
Proof.
  intro H. apply Forall_forall. intros c Hin. rewrite forallb_forall in H.
  exact (ratio_sound _ _ _ (H c Hin)).
Qed.

(** The same, stated with [ratio_batch_ok] as the exports state their check. *)
Theorem ratio_batch_ok_sound (certs : list ((rparams * Q) * list (rlabel * Q))) :
  ratio_batch_ok certs = true -> Forall (fun c => ratio_claim (fst (fst c)) (snd (fst c))) certs.
Proof. exact (ratio_batch_sound certs). Qed.
