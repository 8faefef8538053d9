(** * The gap-domination lemma (the paper's Lemma 3) for every real parameter,
    the necessity of its side condition and the sharpness of its factor
    (docs/math.md §2.3, docs/sharp.md). *)

From Coq Require Import Reals Lra List.
From Minip Require Import Model.
Import ListNotations.
Open Scope R_scope.

(** The lemma's factor [K = (n-2)(d-2 eps)/(2 eps)]. *)
Definition Kfac (n eps d : R) : R := (n - 2) * (d - 2 * eps) / (2 * eps).

Lemma mul_pos_neg (k e : R) : 0 < k -> e < 0 -> k * e < 0.
Proof. intros; nra. Qed.

Section Lemma3.

Context {T : Type} (ov : T -> T -> R) (x y z : T).

(** The paper family as sequences with multiplicities (query [x] counted once):
    S1 = (x, y^(n-1)), S2 = (x, z^(n-1)), S3 = (x, y, z^(n-2)). *)
Definition S1 (n : R) : keys := [(y, n - 1)].
Definition S2 (n : R) : keys := [(z, n - 1)].
Definition S3 (n : R) : keys := [(y, 1); (z, n - 2)].

Hypothesis Huw : ov x y < ov x z.
Hypothesis Hwh : ov x z <= ov x x.

Let u := ov x y.
Let w := ov x z.

Lemma target_S1 n : target ov x (S1 n) = u.
Proof. unfold target, S1, u; simpl. apply Rmin_left. lra. Qed.
Lemma target_S2 n : target ov x (S2 n) = w.
Proof. unfold target, S2, w; simpl. apply Rmin_left. lra. Qed.
Lemma target_S3 n : target ov x (S3 n) = u.
Proof.
  unfold target, S3, u; simpl. rewrite (Rmin_left (ov x z)) by lra. apply Rmin_left. lra.
Qed.

(** ** Lemma 3: for real [n >= 3], [eps > 0] and [(n-2) d >= 2 eps (n-1)], every head
    correct on S1, S2, S3 has [alpha(x,y) > K alpha(x,z)]. *)
Theorem lemma3 (n eps : R) (H : head T) :
  3 <= n -> 0 < eps -> (n - 2) * (w - u) >= 2 * eps * (n - 1) ->
  nonneg H ->
  correct ov eps H x (S1 n) -> correct ov eps H x (S2 n) -> correct ov eps H x (S3 n) ->
  alpha H x y > Kfac n eps (w - u) * alpha H x z.
Proof.
  intros Hn He Hside Hnn C1 C2 C3.
  apply correct_rows in C1 as [_ [_ L1]].
  apply correct_rows in C2 as [_ [_ L2]].
  apply correct_rows in C3 as [_ [U3 _]].
  rewrite target_S1 in L1; rewrite target_S2 in L2; rewrite target_S3 in U3.
  unfold den, num, S1, S2, S3 in *; simpl in *.
  fold u w in L1, L2, U3.
  set (a := alpha H x x) in *; set (b := alpha H x y) in *; set (c := alpha H x z) in *.
  set (P := a * s H x x) in *; set (Q := b * s H x y) in *; set (S := c * s H x z) in *.
  assert (Ha : 0 <= a) by apply Hnn.
  set (E1 := (u - eps) * (a + ((n - 1) * b + 0)) - (P + ((n - 1) * Q + 0))) in *.
  set (E2 := (w - eps) * (a + ((n - 1) * c + 0)) - (P + ((n - 1) * S + 0))) in *.
  set (E3 := P + (1 * Q + ((n - 2) * S + 0)) - (u + eps) * (a + (1 * b + ((n - 2) * c + 0)))) in *.
  assert (L2' : (n - 2) * E2 < 0) by (apply mul_pos_neg; lra).
  assert (U3' : (n - 1) * E3 < 0) by (apply mul_pos_neg; lra).
  (* The values cancel: N1 + (n-2) N2 = (n-1) N3, and the same for D. *)
  assert (Id : E1 + (n - 2) * E2 + (n - 1) * E3
               = ((n - 2) * (w - u) - 2 * (n - 1) * eps) * a
                 - 2 * eps * (n - 1) * (b - Kfac n eps (w - u) * c)).
  { unfold E1, E2, E3, Kfac. field. lra. }
  assert (Hpos : 0 <= ((n - 2) * (w - u) - 2 * (n - 1) * eps) * a)
    by (apply Rmult_le_pos; lra).
  assert (Hk : 0 < 2 * eps * (n - 1) * (b - Kfac n eps (w - u) * c)) by lra.
  assert (Hf : 0 < 2 * eps * (n - 1)) by nra.
  assert (0 < b - Kfac n eps (w - u) * c).
  { apply (Rmult_lt_reg_l (2 * eps * (n - 1))); lra. }
  lra.
Qed.

(** The side condition written as [K >= 1]. *)
Lemma side_iff_K (n eps d : R) :
  3 <= n -> 0 < eps -> ((n - 2) * d >= 2 * eps * (n - 1) <-> Kfac n eps d >= 1).
Proof.
  intros Hn He. unfold Kfac. split; intro Hs.
  - apply Rle_ge. apply (Rmult_le_reg_r (2 * eps)); [lra|].
    unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
  - apply Rge_le in Hs. apply (Rmult_le_compat_r (2 * eps)) in Hs; [|lra].
    unfold Rdiv in Hs. rewrite Rmult_assoc, Rinv_l in Hs by lra. lra.
Qed.

End Lemma3.

(** ** Explicit heads.  They need decidable equality of tokens and three distinct tokens
    (the query, [y] and [z]); every other row of the head is that of the query row. *)
Section Heads.

Context {T : Type} (eq_dec : forall a b : T, {a = b} + {a <> b}) (ov : T -> T -> R) (x y z : T).
Hypothesis Hxy : x <> y.
Hypothesis Hxz : x <> z.
Hypothesis Hyz : y <> z.
Hypothesis Huw : ov x y < ov x z.
Hypothesis Hwh : ov x z <= ov x x.
Let u := ov x y.
Let w := ov x z.

Let tS1 n : target ov x (S1 y n) = u.
Proof. exact (target_S1 ov x y z Huw Hwh n). Qed.
Let tS2 n : target ov x (S2 z n) = w.
Proof. unfold target, S2, w; simpl. apply Rmin_left. lra. Qed.
Let tS3 n : target ov x (S3 y z n) = u.
Proof. exact (target_S3 ov x y z Huw Hwh n). Qed.

(** The head whose row at every query is [alpha = (ax, ay, az)], [s = (sx, sy, sz)] on
    [x, y, z] and [1], [0] elsewhere. *)
Definition head3 (ax ay az sx sy sz : R) : head T :=
  Head (fun _ k => if eq_dec k y then ay else if eq_dec k z then az else if eq_dec k x then ax else 1)
       (fun _ k => if eq_dec k y then sy else if eq_dec k z then sz else if eq_dec k x then sx else 0).

Lemma head3_x ax ay az sx sy sz q :
  alpha (head3 ax ay az sx sy sz) q x = ax /\ s (head3 ax ay az sx sy sz) q x = sx.
Proof.
  unfold head3; simpl. destruct (eq_dec x y); [congruence|]. destruct (eq_dec x z); [congruence|].
  destruct (eq_dec x x); [|congruence]. auto.
Qed.
Lemma head3_y ax ay az sx sy sz q :
  alpha (head3 ax ay az sx sy sz) q y = ay /\ s (head3 ax ay az sx sy sz) q y = sy.
Proof. unfold head3; simpl. destruct (eq_dec y y); [auto|congruence]. Qed.
Lemma head3_z ax ay az sx sy sz q :
  alpha (head3 ax ay az sx sy sz) q z = az /\ s (head3 ax ay az sx sy sz) q z = sz.
Proof.
  unfold head3; simpl. destruct (eq_dec z y); [congruence|]. destruct (eq_dec z z); [auto|congruence].
Qed.
Lemma head3_nonneg ax ay az sx sy sz :
  0 <= ax -> 0 <= ay -> 0 <= az -> nonneg (head3 ax ay az sx sy sz).
Proof.
  intros. intros q k. unfold head3; simpl.
  destruct (eq_dec k y); [lra|]. destruct (eq_dec k z); [lra|]. destruct (eq_dec k x); lra.
Qed.

Ltac head3_rows :=
  match goal with |- context [head3 ?ax ?ay ?az ?sx ?sy ?sz] =>
    let E1 := fresh in let E2 := fresh in
    destruct (head3_x ax ay az sx sy sz x) as [E1 E2]; rewrite ?E1, ?E2; clear E1 E2;
    destruct (head3_y ax ay az sx sy sz x) as [E1 E2]; rewrite ?E1, ?E2; clear E1 E2;
    destruct (head3_z ax ay az sx sy sz x) as [E1 E2]; rewrite ?E1, ?E2; clear E1 E2 end.

(** ** Necessity of the side condition (Proposition 2.3(b)): when [K < 1], i.e. the side
    condition fails, an explicit head with [alpha(x,y) = 0 < alpha(x,z)] is correct on
    S1, S2, S3.  With [g = eps - theta d / 2], [theta = (n-2)/(n-1)]: [alpha = (1, 0,
    g/(d(n-1)))], [s(x,x) = u - eps + g], [s(x,z)] chosen so that S2 outputs [w - eps + g]. *)
Definition nec_g (n eps : R) := eps - (n - 2) / (n - 1) * (w - u) / 2.
Definition nec_rho (n eps : R) := nec_g n eps / (w - u).
Definition nec_head (n eps : R) : head T :=
  let g := nec_g n eps in
  let rho := nec_rho n eps in
  let sx := u - eps + g in
  head3 1 0 (rho / (n - 1)) sx 0 (((1 + rho) * (w - eps + g) - sx) / rho).

Theorem side_condition_necessary (n eps : R) :
  3 <= n -> 0 < eps -> Kfac n eps (w - u) < 1 ->
  let H := nec_head n eps in
  nonneg H /\ alpha H x y = 0 /\ 0 < alpha H x z /\
  correct ov eps H x (S1 y n) /\ correct ov eps H x (S2 z n) /\ correct ov eps H x (S3 y z n).
Proof.
  intros Hn He HK H.
  assert (Hd : 0 < w - u) by (unfold u, w; lra).
  assert (Hth : (n - 2) / (n - 1) * (w - u) < 2 * eps).
  { unfold Kfac in HK. apply (Rmult_lt_reg_r (n - 1)); [lra|].
    replace ((n - 2) / (n - 1) * (w - u) * (n - 1)) with ((n - 2) * (w - u)) by (field; lra).
    assert ((n - 2) * (w - u - 2 * eps) < 2 * eps).
    { apply (Rmult_lt_reg_r (/ (2 * eps))). apply Rinv_0_lt_compat; lra.
      rewrite Rinv_r by lra. exact HK. }
    lra. }
  assert (Hth0 : 0 < (n - 2) / (n - 1) * (w - u)).
  { apply Rmult_lt_0_compat; [|lra]. apply Rdiv_lt_0_compat; lra. }
  assert (Hg : 0 < nec_g n eps < eps) by (unfold nec_g; lra).
  assert (Hrho : 0 < nec_rho n eps) by (unfold nec_rho; apply Rdiv_lt_0_compat; lra).
  assert (Hrn : 0 < nec_rho n eps / (n - 1)) by (apply Rdiv_lt_0_compat; lra).
  unfold H, nec_head.
  set (g := nec_g n eps) in *. set (rho := nec_rho n eps) in *.
  assert (Erho : rho * (w - u) = g) by (unfold rho, nec_rho; fold g; field; lra).
  refine (conj _ (conj _ (conj _ (conj _ (conj _ _))))).
  - apply head3_nonneg; lra.
  - apply (head3_y 1 0 (rho / (n - 1)) _ _ _ x).
  - destruct (head3_z 1 0 (rho / (n - 1)) (u - eps + g) 0
               (((1 + rho) * (w - eps + g) - (u - eps + g)) / rho) x) as [-> _]. exact Hrn.
  - (* S1: output s(x,x) = u - eps + g *)
    apply rows_correct; [|rewrite tS1..]; unfold den, num, S1; cbn [fold_right fst snd];
      head3_rows; fold u; lra.
  - apply rows_correct; [|rewrite tS2..]; unfold den, num, S2; cbn [fold_right fst snd];
      head3_rows; fold w.
    + assert (0 < (n - 1) * (rho / (n - 1))) by (apply Rmult_lt_0_compat; lra). lra.
    + replace ((n - 1) * (rho / (n - 1) * (((1 + rho) * (w - eps + g) - (u - eps + g)) / rho)))
        with ((1 + rho) * (w - eps + g) - (u - eps + g)) by (field; lra).
      replace ((n - 1) * (rho / (n - 1))) with rho by (field; lra). nra.
    + replace ((n - 1) * (rho / (n - 1) * (((1 + rho) * (w - eps + g) - (u - eps + g)) / rho)))
        with ((1 + rho) * (w - eps + g) - (u - eps + g)) by (field; lra).
      replace ((n - 1) * (rho / (n - 1))) with rho by (field; lra). nra.
  - apply rows_correct; [|rewrite tS3..]; unfold den, num, S3; cbn [fold_right fst snd];
      head3_rows; fold u.
    + assert (0 <= (n - 2) * (rho / (n - 1))) by (apply Rmult_le_pos; lra). lra.
    + (* upper side: the output is (w - eps + g) - (1-theta) d / (1 + theta rho) *)
      set (th := (n - 2) / (n - 1)) in *.
      replace ((n - 2) * (rho / (n - 1) * (((1 + rho) * (w - eps + g) - (u - eps + g)) / rho)))
        with (th * ((1 + rho) * (w - eps + g) - (u - eps + g))) by (unfold th; field; lra).
      replace ((n - 2) * (rho / (n - 1))) with (th * rho) by (unfold th; field; lra).
      assert (Hth1 : 0 < th < 1).
      { unfold th; split; [apply Rdiv_lt_0_compat; lra|].
        apply (Rmult_lt_reg_r (n - 1)); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l; lra. }
      (* 2 eps - g = eps + th d / 2 and g = rho d *)
      assert (Eg : g = eps - th * (w - u) / 2) by (unfold g, nec_g, th; field; lra).
      assert (0 < th * rho) by nra.
      assert (th * (w - u) * rho * (1 - th) < g) by nra.
      nra.
    + set (th := (n - 2) / (n - 1)) in *.
      replace ((n - 2) * (rho / (n - 1) * (((1 + rho) * (w - eps + g) - (u - eps + g)) / rho)))
        with (th * ((1 + rho) * (w - eps + g) - (u - eps + g))) by (unfold th; field; lra).
      replace ((n - 2) * (rho / (n - 1))) with (th * rho) by (unfold th; field; lra).
      assert (Hth1 : 0 < th < 1).
      { unfold th; split; [apply Rdiv_lt_0_compat; lra|].
        apply (Rmult_lt_reg_r (n - 1)); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l; lra. }
      assert (0 < th * rho) by nra.
      nra.
Qed.

(** ** Sharpness (docs/sharp.md: [kstar = K] when [K >= 1]): for every [tau > 0] the head
    [alpha = (0, K + tau, 1)], [s = (0, u - eps + delta, w - eps + delta)] with
    [delta = eps tau / (K + tau + n - 2)] is correct on S1, S2, S3; its ratio
    [alpha(x,y)/alpha(x,z) = K + tau] tends to [K].  (It needs only [K > 0].) *)
Definition sharp_head (n eps tau : R) : head T :=
  let K := Kfac n eps (w - u) in
  let delta := eps * tau / (K + tau + n - 2) in
  head3 0 (K + tau) 1 0 (u - eps + delta) (w - eps + delta).

Theorem lemma3_sharp (n eps tau : R) :
  3 <= n -> 0 < eps -> 0 < Kfac n eps (w - u) -> 0 < tau ->
  let H := sharp_head n eps tau in
  nonneg H /\ alpha H x z = 1 /\ alpha H x y = Kfac n eps (w - u) + tau /\
  correct ov eps H x (S1 y n) /\ correct ov eps H x (S2 z n) /\ correct ov eps H x (S3 y z n).
Proof.
  intros Hn He HK Ht H. unfold H, sharp_head.
  set (K := Kfac n eps (w - u)) in *.
  assert (HKn : 0 < K + tau + n - 2) by lra.
  set (delta := eps * tau / (K + tau + n - 2)).
  assert (Hdel : 0 < delta < eps).
  { unfold delta; split; [apply Rdiv_lt_0_compat; nra|].
    apply (Rmult_lt_reg_r (K + tau + n - 2)); [lra|].
    unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. nra. }
  (* 2 eps K = (n-2)(d - 2 eps) *)
  assert (EK : 2 * eps * K = (n - 2) * (w - u - 2 * eps)) by (unfold K, Kfac; field; lra).
  assert (Hm : 0 < (n - 1) * (K + tau)) by (apply Rmult_lt_0_compat; lra).
  refine (conj _ (conj _ (conj _ (conj _ (conj _ _))))).
  - apply head3_nonneg; lra.
  - apply (head3_z 0 (K + tau) 1 _ _ _ x).
  - apply (head3_y 0 (K + tau) 1 _ _ _ x).
  - apply rows_correct; [|rewrite tS1..]; unfold den, num, S1; cbn [fold_right fst snd];
      head3_rows; fold u.
    + lra.
    + replace ((n - 1) * ((K + tau) * (u - eps + delta))) with ((n - 1) * (K + tau) * (u - eps + delta)) by ring.
      nra.
    + replace ((n - 1) * ((K + tau) * (u - eps + delta))) with ((n - 1) * (K + tau) * (u - eps + delta)) by ring.
      nra.
  - apply rows_correct; [|rewrite tS2..]; unfold den, num, S2; cbn [fold_right fst snd];
      head3_rows; fold w; nra.
  - apply rows_correct; [|rewrite tS3..]; unfold den, num, S3; cbn [fold_right fst snd];
      head3_rows; fold u.
    + nra.
    + (* N3 - (u + eps) D3 = (n-2) d - (2 eps - delta)(K + tau + n - 2) < 0 *)
      assert (Ed : delta * (K + tau + n - 2) = eps * tau) by (unfold delta; field; lra).
      nra.
    + nra.
Qed.

End Heads.

(** ** The closed form of [kstar] on the paper family (docs/sharp.md): the infimum of
    [alpha(x,y)/alpha(x,z)] over heads correct on S1, S2, S3 with [alpha(x,z) > 0] is [K]
    when [K >= 1] (not attained) and [0] when [K < 1] (attained). *)
Section Kstar.

Context {T : Type} (eq_dec : forall a b : T, {a = b} + {a <> b}) (ov : T -> T -> R) (x y z : T).
Hypothesis Hxy : x <> y.
Hypothesis Hxz : x <> z.
Hypothesis Hyz : y <> z.
Hypothesis Huw : ov x y < ov x z.
Hypothesis Hwh : ov x z <= ov x x.

(** The ratios [alpha(x,y)/alpha(x,z)] of correct heads with [alpha(x,z) > 0]. *)
Definition paper_ratios (n eps : R) (r : R) : Prop :=
  exists H : head T, nonneg H /\ 0 < alpha H x z /\
    correct ov eps H x (S1 y n) /\ correct ov eps H x (S2 z n) /\ correct ov eps H x (S3 y z n) /\
    r = alpha H x y / alpha H x z.

(** [m] is the greatest lower bound of [E]. *)
Definition is_inf (E : R -> Prop) (m : R) : Prop :=
  (forall r, E r -> m <= r) /\ (forall m', (forall r, E r -> m' <= r) -> m' <= m).

Theorem kstar_paper (n eps : R) :
  3 <= n -> 0 < eps ->
  let K := Kfac n eps (ov x z - ov x y) in
  (1 <= K -> is_inf (paper_ratios n eps) K /\ ~ paper_ratios n eps K) /\
  (K < 1 -> is_inf (paper_ratios n eps) 0 /\ paper_ratios n eps 0).
Proof.
  intros Hn He K. split; intro HK.
  - assert (Hside : (n - 2) * (ov x z - ov x y) >= 2 * eps * (n - 1)).
    { apply (side_iff_K n eps); [lra|lra|]. fold K. lra. }
    assert (Hlow : forall r, paper_ratios n eps r -> K < r).
    { intros r (H & Hnn & Hc & C1 & C2 & C3 & ->).
      pose proof (lemma3 ov x y z Huw Hwh n eps H Hn He Hside Hnn C1 C2 C3) as L. fold K in L.
      apply (Rmult_lt_reg_r (alpha H x z)); [exact Hc|].
      unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
    split; [split|].
    + intros r Hr. apply Rlt_le, Hlow, Hr.
    + intros m' Hm'. apply Rnot_lt_le. intro Hlt.
      set (tau := (m' - K) / 2).
      assert (Ht : 0 < tau) by (unfold tau; lra).
      destruct (lemma3_sharp eq_dec ov x y z Hxy Hxz Hyz Huw Hwh n eps tau Hn He ltac:(fold K; lra) Ht)
        as (Hnn & Ez & Ey & C1 & C2 & C3).
      fold K in Ey.
      assert (Hr : paper_ratios n eps (K + tau)).
      { exists (sharp_head eq_dec ov x y z n eps tau).
        refine (conj Hnn (conj _ (conj C1 (conj C2 (conj C3 _))))).
        - rewrite Ez; lra.
        - rewrite Ey, Ez. field. }
      apply Hm' in Hr. unfold tau in Hr. lra.
    + intro Hr. apply Hlow in Hr. lra.
  - destruct (side_condition_necessary eq_dec ov x y z Hxy Hxz Hyz Huw Hwh n eps Hn He HK)
      as (Hnn & Ey & Ez & C1 & C2 & C3).
    assert (H0 : paper_ratios n eps 0).
    { exists (nec_head eq_dec ov x y z n eps).
      refine (conj Hnn (conj Ez (conj C1 (conj C2 (conj C3 _))))). rewrite Ey. unfold Rdiv. ring. }
    split; [split|exact H0].
    + intros r (H & Hnn' & Hc & _ & _ & _ & ->).
      pose proof (Hnn' x y). pose proof (Rinv_0_lt_compat _ Hc). unfold Rdiv. nra.
    + intros m' Hm'. apply Hm', H0.
Qed.

End Kstar.
