(** * The chain bound for every [h] (docs/math.md §4.7) and the exponential amplification
    for [n = 3], [eps = 1/2]: [alpha(x,y) >= 3^(floor(o/4)) alpha(x,z)] for [<x,y> = 0],
    [<x,z> = o], for every head correct on all length-3 sequences. *)

From Coq Require Import Reals Lra Lia List Arith.
From Minip Require Import Model Lemma3.
Import ListNotations.
Open Scope R_scope.

Section Plain.

Context {T : Type} (ov : T -> T -> R) (H : head T) (x : T).

Lemma den_cons k m ks : den H x ((k, m) :: ks) = den H x ks + m * alpha H x k.
Proof. unfold den; simpl. ring. Qed.
Lemma num_cons k m ks : num H x ((k, m) :: ks) = num H x ks + m * (alpha H x k * s H x k).
Proof. unfold num; simpl. ring. Qed.

Lemma Rmin_idem_l a b : Rmin a (Rmin a b) = Rmin a b.
Proof. unfold Rmin. repeat destruct Rle_dec; lra. Qed.

(** [m >= 1] copies of a key, as a plain sequence or with a multiplicity. *)
Lemma plain_repeat k m ks :
  (1 <= m)%nat ->
  den H x (plain (repeat k m) ++ ks) = den H x ((k, INR m) :: ks) /\
  num H x (plain (repeat k m) ++ ks) = num H x ((k, INR m) :: ks) /\
  target ov x (plain (repeat k m) ++ ks) = target ov x ((k, INR m) :: ks).
Proof.
  intro Hm. induction m as [|m IH]; [lia|].
  destruct m as [|m].
  - simpl. unfold den, num, target; simpl. repeat split; ring.
  - destruct (IH ltac:(lia)) as (Ed & En & Et).
    change (plain (repeat k (S (S m))) ++ ks) with ((k, 1) :: (plain (repeat k (S m)) ++ ks)).
    rewrite den_cons, num_cons, Ed, En, !den_cons, !num_cons.
    rewrite (S_INR (S m)). split; [ring|split; [ring|]].
    unfold target in *. simpl in *. rewrite Et. apply Rmin_idem_l.
Qed.

Lemma correct_same eps ks1 ks2 :
  den H x ks1 = den H x ks2 -> num H x ks1 = num H x ks2 -> target ov x ks1 = target ov x ks2 ->
  correct ov eps H x ks1 -> correct ov eps H x ks2.
Proof. unfold correct. intros -> -> ->. tauto. Qed.

(** The paper family inside "all length-[n] sequences". *)
Lemma paper_of_all (n : nat) eps y z :
  (3 <= n)%nat -> correct_all ov n eps H x ->
  correct ov eps H x (S1 y (INR n)) /\ correct ov eps H x (S2 z (INR n))
  /\ correct ov eps H x (S3 y z (INR n)).
Proof.
  intros Hn Hall.
  assert (E1 : INR n - 1 = INR (n - 1)) by (rewrite minus_INR by lia; simpl; ring).
  assert (E2 : INR n - 2 = INR (n - 2)) by (rewrite minus_INR by lia; simpl; ring).
  unfold S1, S2, S3. rewrite E1, E2.
  split; [|split].
  - destruct (plain_repeat y (n - 1) [] ltac:(lia)) as (Ed & En & Et). rewrite app_nil_r in *.
    apply (correct_same _ _ _ Ed En Et), Hall. apply repeat_length.
  - destruct (plain_repeat z (n - 1) [] ltac:(lia)) as (Ed & En & Et). rewrite app_nil_r in *.
    apply (correct_same _ _ _ Ed En Et), Hall. apply repeat_length.
  - destruct (plain_repeat z (n - 2) [] ltac:(lia)) as (Ed & En & Et). rewrite app_nil_r in *.
    assert (C : correct ov eps H x (plain (y :: repeat z (n - 2)))).
    { apply Hall. simpl. rewrite repeat_length. lia. }
    apply (correct_same _ _ ((y, 1) :: (z, INR (n - 2)) :: [])) in C.
    + exact C.
    + change (plain (y :: repeat z (n - 2))) with ((y, 1) :: plain (repeat z (n - 2))).
      rewrite den_cons, Ed, (den_cons y). reflexivity.
    + change (plain (y :: repeat z (n - 2))) with ((y, 1) :: plain (repeat z (n - 2))).
      rewrite num_cons, En, (num_cons y). reflexivity.
    + change (plain (y :: repeat z (n - 2))) with ((y, 1) :: plain (repeat z (n - 2))).
      unfold target in *; simpl in *. rewrite Et. reflexivity.
Qed.

End Plain.

(** The product of the Lemma-3 factors along the chain [y 0, ..., y k]. *)
Fixpoint chainW {T} (ov : T -> T -> R) (x : T) (y : nat -> T) (n eps : R) (k : nat) : R :=
  match k with
  | O => 1
  | S k' => chainW ov x y n eps k' * Kfac n eps (ov x (y k) - ov x (y k'))
  end.

(** ** The chain bound: keys [y 0, ..., y k] with rising overlaps, every gap meeting the
    side condition: every head correct on all length-[n] sequences queried at [x] has
    [alpha(x, y 0) >= W alpha(x, y k)], [W] the product of the step factors [K_i]. *)
Theorem chain_bound {T} (ov : T -> T -> R) (x : T) (y : nat -> T) (n : nat) (eps : R)
  (H : head T) (k : nat) :
  (3 <= n)%nat -> 0 < eps -> nonneg H -> correct_all ov n eps H x ->
  (forall i, (i <= k)%nat -> ov x (y i) <= ov x x) ->
  (forall i, (i < k)%nat -> ov x (y i) < ov x (y (S i))
     /\ (INR n - 2) * (ov x (y (S i)) - ov x (y i)) >= 2 * eps * (INR n - 1)) ->
  alpha H x (y O) >= chainW ov x y (INR n) eps k * alpha H x (y k) /\ 1 <= chainW ov x y (INR n) eps k.
Proof.
  intros Hn He Hnn Hall Hh Hstep. induction k as [|k IH]; simpl.
  - split; lra.
  - destruct IH as [IH HW]; [intros i Hi; apply Hh; lia|intros i Hi; apply Hstep; lia|].
    destruct (Hstep k ltac:(lia)) as [Hlt Hside].
    assert (Hn3 : 3 <= INR n) by (replace 3 with (INR 3) by (simpl; ring); apply le_INR; exact Hn).
    destruct (paper_of_all ov H x n eps (y k) (y (S k)) Hn Hall) as (C1 & C2 & C3).
    pose proof (lemma3 ov x (y k) (y (S k)) Hlt (Hh (S k) (le_n _)) (INR n) eps H Hn3 He Hside Hnn C1 C2 C3)
      as L.
    assert (HK : Kfac (INR n) eps (ov x (y (S k)) - ov x (y k)) >= 1)
      by (apply (side_iff_K _ _ _ Hn3 He); exact Hside).
    set (K := Kfac (INR n) eps (ov x (y (S k)) - ov x (y k))) in *.
    set (W := chainW ov x y (INR n) eps k) in *.
    pose proof (Hnn x (y (S k))). split; [|nra].
    assert (W * alpha H x (y k) >= W * (K * alpha H x (y (S k)))) by nra.
    nra.
Qed.

(** ** Amplification for [n = 3], [eps = 1/2] (the paper's theorem, for every [h]): with
    representatives [rep c] of overlap [c] for [c <= o <= h], [o >= 2], every head correct on
    all length-3 sequences has [alpha(x, rep 0) >= 3^(floor(o/4)) alpha(x, rep o)].  ([o = 1]
    is excluded: there the forced ratio is 0, docs/math.md §5.) *)
Theorem amplification {T} (ov : T -> T -> R) (x : T) (rep : nat -> T) (H : head T) (o : nat) :
  (2 <= o)%nat ->
  (forall c, (c <= o)%nat -> ov x (rep c) = INR c) -> INR o <= ov x x ->
  nonneg H -> correct_all ov 3 (1 / 2) H x ->
  alpha H x (rep O) >= 3 ^ (o / 4) * alpha H x (rep o).
Proof.
  intros Ho2 Hov Ho Hnn Hall.
  set (q := (o / 4)%nat).
  assert (Hq : (4 * q <= o)%nat) by (apply Nat.mul_div_le; lia).
  (* the chain 0, 4, ..., 4(q-1), o (just 0, o when q = 0): gaps >= 4 (>= 2 for q = 0) *)
  set (k := Nat.max q 1).
  set (y := fun i => if Nat.ltb i k then rep (4 * i)%nat else rep o).
  assert (Hy0 : y 0%nat = rep 0%nat) by (unfold y; destruct (Nat.ltb_spec 0 k); [reflexivity|lia]).
  assert (Hyk : y k = rep o) by (unfold y; rewrite Nat.ltb_irrefl; reflexivity).
  assert (Hgap : forall i, (i < k)%nat ->
            ov x (y (S i)) - ov x (y i) >= (if Nat.eqb q 0 then 2 else 4)).
  { intros i Hi. unfold y. destruct (Nat.ltb_spec i k); [|lia].
    destruct (Nat.ltb_spec (S i) k); rewrite !Hov by lia.
    - rewrite !mult_INR, (S_INR i). replace (INR 4) with 4 by (simpl; ring).
      destruct (Nat.eqb_spec q 0); lra.
    - assert (Hio : (4 * i + (if Nat.eqb q 0 then 2 else 4) <= o)%nat)
        by (destruct (Nat.eqb_spec q 0); lia).
      apply le_INR in Hio. rewrite plus_INR, mult_INR in Hio. rewrite mult_INR.
      replace (INR 4) with 4 in * by (simpl; ring).
      destruct (Nat.eqb q 0); [replace (INR 2) with 2 in Hio by (simpl; ring)|
        replace (INR 4) with 4 in Hio by (simpl; ring)]; lra. }
  destruct (chain_bound ov x y 3 (1/2) H k ltac:(lia) ltac:(lra) Hnn Hall) as [C _].
  - intros i Hi. unfold y. destruct (Nat.ltb_spec i k); rewrite Hov by lia;
      [apply Rle_trans with (INR o); [apply le_INR; lia|exact Ho]|exact Ho].
  - intros i Hi. specialize (Hgap i Hi). simpl.
    destruct (Nat.eqb q 0); split; lra.
  - assert (W3 : forall j, (j <= k)%nat ->
              chainW ov x y (INR 3) (1/2) j >= (if Nat.eqb q 0 then 1 else 3 ^ j)).
    { induction j as [|j IH]; intro Hj; cbn [chainW].
      - destruct (Nat.eqb q 0); lra.
      - specialize (IH ltac:(lia)). specialize (Hgap j ltac:(lia)).
        assert (HK : Kfac (INR 3) (1/2) (ov x (y (S j)) - ov x (y j)) >= (if Nat.eqb q 0 then 1 else 3)).
        { unfold Kfac. replace (2 * (1 / 2)) with 1 by field. unfold Rdiv. rewrite Rinv_1.
          revert Hgap. destruct (Nat.eqb q 0); intro Hg; simpl; lra. }
        revert IH HK. destruct (Nat.eqb q 0); intros IH HK; [nra|].
        assert (0 < 3 ^ j) by (apply pow_lt; lra).
        replace (3 ^ S j) with (3 * 3 ^ j) by (simpl; ring). nra. }
    specialize (W3 k (le_n _)). rewrite Hy0, Hyk in C. pose proof (Hnn x (rep o)).
    revert W3. destruct (Nat.eqb_spec q 0) as [E|E]; intro W3.
    + rewrite E. simpl. nra.
    + assert (Ekq : k = q) by (unfold k; lia). rewrite Ekq in W3, C. nra.
Qed.

(** ** The forced ratio is at least the chain bound ([R(lo,hi;h) >= chain_n(hi - lo)],
    docs/math.md §4.7, §9.3), for every [n >= 3] and [h], at [eps = 1/2]: for every split
    [hi - lo = d_1 + ... + d_k] into gaps [d_i >= 2] and representatives [rep c] of overlap
    [c] for [lo <= c <= hi <= ov x x], every head correct on all length-[n] sequences has
    [alpha(x, rep lo) >= Π (n-2)(d_i - 1) alpha(x, rep hi)].  [chain_n(o)] is the largest
    such product, so [R(lo, hi; h) >= chain_n(hi - lo)]. *)
Fixpoint chainprod (n : R) (ds : list nat) : R :=
  match ds with
  | [] => 1
  | d :: ds' => (n - 2) * (INR d - 1) * chainprod n ds'
  end.

Lemma chainprod_ge1 n ds : 3 <= n -> Forall (fun d => (2 <= d)%nat) ds -> 1 <= chainprod n ds.
Proof.
  intros Hn Hd. induction Hd as [|d ds Hd Hds IH]; simpl; [lra|].
  assert (2 <= INR d) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; exact Hd).
  assert (1 <= (n - 2) * (INR d - 1)) by nra. nra.
Qed.

(** One step, strict (Lemma 3): a gap [d >= 2] from the overlap [lo] gives
    [alpha(x, rep lo) > (n-2)(d-1) alpha(x, rep (lo + d))]. *)
Lemma chain_step {T} (ov : T -> T -> R) (x : T) (rep : nat -> T) (H : head T) (n lo d : nat) :
  (3 <= n)%nat -> (2 <= d)%nat ->
  ov x (rep lo) = INR lo -> ov x (rep (lo + d)%nat) = INR (lo + d) -> INR (lo + d) <= ov x x ->
  nonneg H -> correct_all ov n (1 / 2) H x ->
  alpha H x (rep lo) > (INR n - 2) * (INR d - 1) * alpha H x (rep (lo + d)%nat).
Proof.
  intros Hn Hd Elo Ed Hend Hnn Hall. rewrite plus_INR in Ed, Hend.
  assert (Hn3 : 3 <= INR n) by (replace 3 with (INR 3) by (simpl; ring); apply le_INR; exact Hn).
  assert (Hd2 : 2 <= INR d) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; exact Hd).
  destruct (paper_of_all ov H x n (1 / 2) (rep lo) (rep (lo + d)%nat) Hn Hall) as (C1 & C2 & C3).
  pose proof (lemma3 ov x (rep lo) (rep (lo + d)%nat) ltac:(lra) ltac:(lra) (INR n) (1 / 2) H Hn3
                ltac:(lra) ltac:(rewrite Ed, Elo; nra) Hnn C1 C2 C3) as L3.
  assert (EK : Kfac (INR n) (1 / 2) (ov x (rep (lo + d)%nat) - ov x (rep lo)) = (INR n - 2) * (INR d - 1)).
  { unfold Kfac. rewrite Ed, Elo. field. }
  rewrite EK in L3. exact L3.
Qed.

Theorem forced_ratio_chain {T} (ov : T -> T -> R) (x : T) (rep : nat -> T) (H : head T)
  (n lo : nat) (ds : list nat) :
  (3 <= n)%nat -> Forall (fun d => (2 <= d)%nat) ds ->
  (forall c, (lo <= c <= lo + list_sum ds)%nat -> ov x (rep c) = INR c) ->
  INR (lo + list_sum ds) <= ov x x ->
  nonneg H -> correct_all ov n (1 / 2) H x ->
  alpha H x (rep lo) >= chainprod (INR n) ds * alpha H x (rep (lo + list_sum ds)%nat).
Proof.
  intros Hn Hds. revert lo. induction Hds as [|d ds Hd Hds IH]; intros lo Hov Hh Hnn Hall; simpl.
  - rewrite Nat.add_0_r. lra.
  - simpl in Hov, Hh.
    assert (Hn3 : 3 <= INR n) by (replace 3 with (INR 3) by (simpl; ring); apply le_INR; exact Hn).
    assert (Hd2 : 2 <= INR d) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; exact Hd).
    pose proof (chain_step ov x rep H n lo d Hn Hd ltac:(apply Hov; lia) ltac:(apply Hov; lia)
                  ltac:(eapply Rle_trans; [apply le_INR|exact Hh]; lia) Hnn Hall) as L3.
    specialize (IH (lo + d)%nat ltac:(intros c Hc; apply Hov; lia)
                  ltac:(replace (lo + d + list_sum ds)%nat with (lo + (d + list_sum ds))%nat by lia; exact Hh)
                  Hnn Hall).
    replace (lo + d + list_sum ds)%nat with (lo + (d + list_sum ds))%nat in IH by lia.
    assert (HK : 1 <= (INR n - 2) * (INR d - 1)) by nra.
    set (K := (INR n - 2) * (INR d - 1)) in *.
    assert (K * (chainprod (INR n) ds * alpha H x (rep (lo + (d + list_sum ds))%nat))
            <= K * alpha H x (rep (lo + d)%nat)) by (apply Rmult_le_compat_l; lra).
    lra.
Qed.

(** The same, strict, for a split into at least one gap (the first step is Lemma 3). *)
Theorem forced_ratio_chain_strict {T} (ov : T -> T -> R) (x : T) (rep : nat -> T) (H : head T)
  (n lo : nat) (ds : list nat) :
  (3 <= n)%nat -> ds <> [] -> Forall (fun d => (2 <= d)%nat) ds ->
  (forall c, (lo <= c <= lo + list_sum ds)%nat -> ov x (rep c) = INR c) ->
  INR (lo + list_sum ds) <= ov x x ->
  nonneg H -> correct_all ov n (1 / 2) H x ->
  alpha H x (rep lo) > chainprod (INR n) ds * alpha H x (rep (lo + list_sum ds)%nat).
Proof.
  intros Hn Hne Hds Hov Hh Hnn Hall. destruct ds as [|d ds]; [congruence|].
  inversion Hds as [|d' ds' Hd Hds']; subst. simpl in Hov, Hh |- *.
  assert (Hn3 : 3 <= INR n) by (replace 3 with (INR 3) by (simpl; ring); apply le_INR; exact Hn).
  assert (Hd2 : 2 <= INR d) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; exact Hd).
  pose proof (chain_step ov x rep H n lo d Hn Hd ltac:(apply Hov; lia) ltac:(apply Hov; lia)
                ltac:(eapply Rle_trans; [apply le_INR|exact Hh]; lia) Hnn Hall) as L3.
  pose proof (forced_ratio_chain ov x rep H n (lo + d) ds Hn Hds' ltac:(intros c Hc; apply Hov; lia)
                ltac:(replace (lo + d + list_sum ds)%nat with (lo + (d + list_sum ds))%nat by lia; exact Hh)
                Hnn Hall) as T'.
  replace (lo + d + list_sum ds)%nat with (lo + (d + list_sum ds))%nat in T' by lia.
  assert (HK : 1 <= (INR n - 2) * (INR d - 1)) by nra.
  set (K := (INR n - 2) * (INR d - 1)) in *.
  assert (K * (chainprod (INR n) ds * alpha H x (rep (lo + (d + list_sum ds))%nat))
          <= K * alpha H x (rep (lo + d)%nat)) by (apply Rmult_le_compat_l; lra).
  lra.
Qed.
