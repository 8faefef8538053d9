(** * An end-to-end feature-rank bound from a code (docs/math.md §5.2–5.4), checked by
    reflection.

    Tokens are the strings of [{0,1}^m] ([tok m]), the overlap the number of common ones.
    A code is [k] pairs [(x_i, y_i)] of tokens; for every ordered pair [i <> j] the class of
    [y_j] as seen from [x_i] (its overlap if [< h], [h] if [y_j = x_i], [h + 1] otherwise)
    must have a ratio certificate [alpha(x, lo) >= L alpha(x, class)] among [certs]
    (checked by [Ratio.check_ratio]).  [code_sound]: if [code_check] accepts, every
    nonnegative head correct on all length-3 sequences over [{0,1}^m] ([eps = 1/2]) whose
    kernel has [r] features, [alpha q k = sum_{l<r} phi_l(q) psi_l(k)], has [r >= B].

    The proof: [Ratio.ratio_sound] gives [alpha(x_i,y_i) >= L_ij alpha(x_i,y_j)] for every
    pair; Lemma 3 (with [z = x_i], [h - lo >= 2]) gives [alpha(x_i,y_i) > 0]; dividing row
    [i] by [alpha(x_i,y_i)] keeps [r] features and gives [M_ii = 1], [0 <= M_ij <= 1/L_ij];
    [Rank.rank_entrywise] gives [k^2 <= r (k + sum_{i<>j} L_ij^-2)], and the sum is
    computed over [Q]. *)

From Coq Require Import Reals Lra Lia List QArith Qreals Bool Arith Eqdep_dec.
From Minip Require Import Model Farkas Lemma3 Chain Gap Ratio Rank.
Import ListNotations.

(** ** Tokens of [{0,1}^m] and their overlap. *)
Fixpoint ovn (a b : list bool) : nat :=
  match a, b with
  | x :: a', y :: b' => ((if x && y then 1 else 0) + ovn a' b')%nat
  | _, _ => O
  end.

Definition tok (m : nat) := {l : list bool | Nat.eqb (length l) m = true}.
Definition tov {m} (a b : tok m) : R := INR (ovn (proj1_sig a) (proj1_sig b)).

Lemma tok_eq {m} (a b : tok m) : proj1_sig a = proj1_sig b -> a = b.
Proof.
  destruct a as [a Ha], b as [b Hb]; simpl. intros ->. f_equal.
  apply UIP_dec. exact bool_dec.
Qed.

(** Keep the first [c] ones of [x] (a token of overlap [min c |x|] with [x]). *)
Fixpoint pref (x : list bool) (c : nat) : list bool :=
  match x with
  | [] => []
  | b :: x' => if b then match c with O => false :: pref x' O | S c' => true :: pref x' c' end
               else false :: pref x' c
  end.

Lemma pref_length x c : length (pref x c) = length x.
Proof.
  revert c; induction x as [|[|] x IH]; intros [|c]; simpl; rewrite ?IH; reflexivity.
Qed.

Section Tokens.
Context (m : nat).

Lemma repeat_ok : Nat.eqb (length (repeat false m)) m = true.
Proof. rewrite repeat_length. apply Nat.eqb_refl. Qed.

Definition mk (l : list bool) : tok m :=
  match bool_dec (Nat.eqb (length l) m) true with
  | left e => exist _ l e
  | right _ => exist _ (repeat false m) repeat_ok
  end.

Lemma mk_val l : Nat.eqb (length l) m = true -> proj1_sig (mk l) = l.
Proof.
  intro E. unfold mk. destruct (bool_dec (Nat.eqb (length l) m) true); [reflexivity|contradiction].
Qed.

Lemma pref_ok (x : tok m) c : Nat.eqb (length (pref (proj1_sig x) c)) m = true.
Proof. rewrite pref_length. exact (proj2_sig x). Qed.

Definition Pref (x : tok m) (c : nat) : tok m := exist _ (pref (proj1_sig x) c) (pref_ok x c).

End Tokens.

Fixpoint lbeq (a b : list bool) : bool :=
  match a, b with
  | [], [] => true
  | x :: a', y :: b' => Bool.eqb x y && lbeq a' b'
  | _, _ => false
  end.

Definition Qltb (a b : Q) : bool := negb (Qle_bool b a).

Lemma Qltb_R a b : Qltb a b = true -> (Q2R a < Q2R b)%R.
Proof.
  unfold Qltb. intro E. apply negb_true_iff in E. apply Qlt_Rlt. apply Qnot_le_lt.
  intro C. apply Qle_bool_iff in C. congruence.
Qed.

(** ** The check. *)
Local Open Scope Q_scope.

Definition rcert := ((rparams * Q) * list (rlabel * Q))%type.

(** The class of [y] seen from [x] (weight [h]). *)
Definition cls (h : nat) (x y : list bool) : nat :=
  let o := ovn x y in
  if Nat.ltb o h then o else if lbeq y x then h else S h.

(** Representatives: [lo] is [y_i], the class of [y_j] is [y_j], [h] is [x], other classes
    prefixes of [x]. *)
Definition repl (h lo : nat) (x yi yj : list bool) (c : nat) : list bool :=
  if Nat.eqb c lo then yi else if Nat.eqb c (cls h x yj) then yj
  else if Nat.eqb c h then x else pref x c.

Definition find_cert (certs : list rcert) (h lo c : nat) : option rcert :=
  find (fun ce => let p := fst (fst ce) in
         Nat.eqb (r_n p) 3 && Qeq_bool (r_eps p) (1#2) && Nat.eqb (r_h p) h
         && Nat.eqb (r_lo p) lo && Nat.eqb (r_hi p) c) certs.

Definition ratio_of (certs : list rcert) (h lo : nat) (x y : list bool) : Q :=
  match find_cert certs h lo (cls h x y) with Some ce => snd (fst ce) | None => 0 end.

Definition pair_ok (certs : list rcert) (h lo : nat) (x yi yj : list bool) : bool :=
  let c := cls h x yj in
  negb (Nat.eqb c lo)
  && forallb (fun c' => Nat.eqb (ovn x (repl h lo x yi yj c')) (Nat.min c' h)) (seq 0 (S (S h)))
  && lbeq (repl h lo x yi yj h) x
  && match find_cert certs h lo c with Some ce => Qltb 0 (snd (fst ce)) | None => false end.

Fixpoint qsum (n : nat) (f : nat -> Q) : Q :=
  match n with O => 0 | S n' => Qred (qsum n' f + f n') end.

Definition pairs_sum (certs : list rcert) (h lo : nat) (xs ys : list (list bool)) : Q :=
  let k := length xs in
  qsum k (fun i => qsum k (fun j =>
    if Nat.eqb i j then 0
    else let L := ratio_of certs h lo (nth i xs []) (nth j ys []) in / (L * L))).

(** The pairs: [|x_i| = h], [<x_i, y_i> = lo], and [pair_ok] for every [i <> j]. *)
Definition rows_ok (certs : list rcert) (h lo : nat) (xs ys : list (list bool)) : bool :=
  let k := length xs in
  forallb (fun i => Nat.eqb (ovn (nth i xs []) (nth i xs [])) h
                    && Nat.eqb (ovn (nth i xs []) (nth i ys [])) lo
                    && forallb (fun j => Nat.eqb i j
                                         || pair_ok certs h lo (nth i xs []) (nth i ys []) (nth j ys []))
                         (seq 0 k))
    (seq 0 k).

(** Everything but the value: lengths, [h >= lo + 2], the ratio certificates, the pairs. *)
Definition code_data_ok (m h lo : nat) (xs ys : list (list bool)) (certs : list rcert) : bool :=
  Nat.eqb (length ys) (length xs) && Nat.leb (lo + 2) h
  && forallb (fun l => Nat.eqb (length l) m) xs && forallb (fun l => Nat.eqb (length l) m) ys
  && forallb (fun ce => check_ratio (fst (fst ce)) (snd (fst ce)) (snd ce)) certs
  && rows_ok certs h lo xs ys.

(** [k^2 / (k + sum_{i<>j} L_ij^-2) > B - 1], multiplied out. *)
Definition code_check (m h lo : nat) (xs ys : list (list bool)) (certs : list rcert) (B : nat) : bool :=
  let k := length xs in
  code_data_ok m h lo xs ys certs
  && Qltb ((inject_Z (Z.of_nat B) - 1) * (inject_Z (Z.of_nat k) + pairs_sum certs h lo xs ys))
              (inject_Z (Z.of_nat k) * inject_Z (Z.of_nat k)).

Local Close Scope Q_scope.
Local Open Scope R_scope.

(** The claim: every nonnegative head correct on all length-3 sequences over [{0,1}^m]
    with [eps = 1/2] whose kernel has [r] features has [r >= B]. *)
Definition rank_claim (m B : nat) : Prop :=
  forall (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R),
    nonneg H -> (forall x, correct_all tov 3 (1 / 2) H x) ->
    (forall q k, alpha H q k = sumN r (fun l => phi l q * psi l k)) ->
    (B <= r)%nat.

Lemma Q2R_qsum n f : Q2R (qsum n f) = sumN n (fun j => Q2R (f j)).
Proof.
  induction n; [unfold Q2R; simpl; lra|].
  change (qsum (S n) f) with (Qred (qsum n f + f n)). change (sumN (S n) (fun j => Q2R (f j)))
    with (sumN n (fun j => Q2R (f j)) + Q2R (f n)).
  rewrite (Qeq_eqR _ _ (Qred_correct _)), Q2R_plus, IHn. reflexivity.
Qed.

Lemma forallb_seq f k i : forallb f (seq 0 k) = true -> (i < k)%nat -> f i = true.
Proof.
  intros H Hi. rewrite forallb_forall in H. apply H. apply in_seq. lia.
Qed.

Lemma list_beq_eq a b : lbeq a b = true -> a = b.
Proof.
  revert b; induction a as [|x a IH]; intros [|y b]; simpl; try discriminate; [reflexivity|].
  intro E. apply andb_true_iff in E as [E1 E2]. apply Bool.eqb_prop in E1. subst. f_equal. apply IH, E2.
Qed.

(** What [code_data_ok] checks, pair by pair. *)
Lemma code_data_spec m h lo xs ys certs :
  code_data_ok m h lo xs ys certs = true ->
  length ys = length xs /\ (lo + 2 <= h)%nat
  /\ (forall i, (i < length xs)%nat ->
        Nat.eqb (length (nth i xs [])) m = true /\ Nat.eqb (length (nth i ys [])) m = true)
  /\ forallb (fun ce => check_ratio (fst (fst ce)) (snd (fst ce)) (snd ce)) certs = true
  /\ (forall i, (i < length xs)%nat ->
        Nat.eqb (ovn (nth i xs []) (nth i xs [])) h = true
        /\ Nat.eqb (ovn (nth i xs []) (nth i ys [])) lo = true
        /\ forall j, (j < length xs)%nat -> i <> j ->
             pair_ok certs h lo (nth i xs []) (nth i ys []) (nth j ys []) = true).
Proof.
  unfold code_data_ok. intro Hc.
  apply andb_true_iff in Hc as [Hc Hper].
  apply andb_true_iff in Hc as [Hc Hcs]. apply andb_true_iff in Hc as [Hc Hys].
  apply andb_true_iff in Hc as [Hc Hxs]. apply andb_true_iff in Hc as [Hlen Hlo].
  apply Nat.eqb_eq in Hlen. apply Nat.leb_le in Hlo.
  split; [exact Hlen|split; [exact Hlo|split; [|split; [exact Hcs|]]]].
  - intros i Hi. rewrite forallb_forall in Hxs, Hys.
    split; [apply Hxs, nth_In; exact Hi|apply Hys, nth_In; lia].
  - intros i Hi. pose proof (forallb_seq _ _ i Hper Hi) as P.
    apply andb_true_iff in P as [P Pj]. apply andb_true_iff in P as [P1 P2].
    split; [exact P1|split; [exact P2|]]. intros j Hj Hij.
    pose proof (forallb_seq _ _ j Pj Hj) as Q. apply orb_true_iff in Q as [Q|Q]; [|exact Q].
    apply Nat.eqb_eq in Q. contradiction.
Qed.

Lemma Q2R_half : Q2R (1 # 2) = 1 / 2.
Proof. unfold Q2R; simpl. lra. Qed.

(** One pair: the ratio bound from its certificate. *)
Lemma pair_bound m h lo certs (H : head (tok m)) (x yi yj : list bool) :
  forallb (fun ce => check_ratio (fst (fst ce)) (snd (fst ce)) (snd ce)) certs = true ->
  Nat.eqb (length x) m = true -> Nat.eqb (length yi) m = true -> Nat.eqb (length yj) m = true ->
  pair_ok certs h lo x yi yj = true ->
  nonneg H -> correct_all tov 3 (1 / 2) H (mk m x) ->
  (0 < Q2R (ratio_of certs h lo x yj))%R /\
  alpha H (mk m x) (mk m yi) >= Q2R (ratio_of certs h lo x yj) * alpha H (mk m x) (mk m yj).
Proof.
  intros Hcs Lx Li Lj Hp Hnn Hall.
  unfold pair_ok in Hp. apply andb_true_iff in Hp as [Hp Hf].
  apply andb_true_iff in Hp as [Hp Hh]. apply andb_true_iff in Hp as [Hne Hov].
  unfold ratio_of. destruct (find_cert certs h lo (cls h x yj)) as [ce|] eqn:Ef; [|discriminate].
  apply find_some in Ef as [Hin Hsel]. simpl in Hsel.
  repeat (apply andb_true_iff in Hsel as [Hsel ?]).
  rename H0 into Ehi, H1 into Elo, H2 into Eh, H3 into Eeps.
  apply Nat.eqb_eq in Hsel, Ehi, Elo, Eh. apply Qeq_bool_iff in Eeps.
  split; [apply Qltb_R in Hf; unfold Q2R in Hf at 1; simpl in Hf; lra|].
  rewrite forallb_forall in Hcs. specialize (Hcs ce Hin).
  pose proof (proj2 (ratio_sound _ _ _ Hcs)) as C.
  set (p := fst (fst ce)) in *.
  set (X := mk m x).
  set (rep := fun c => if Nat.eqb c lo then mk m yi else if Nat.eqb c (cls h x yj) then mk m yj
                       else if Nat.eqb c h then X else Pref m X c).
  assert (Erep : forall c, proj1_sig (rep c) = repl h lo x yi yj c).
  { intro c. unfold rep, repl. destruct (Nat.eqb c lo); [apply mk_val, Li|].
    destruct (Nat.eqb c (cls h x yj)); [apply mk_val, Lj|].
    destruct (Nat.eqb c h); [apply mk_val, Lx|]. simpl. unfold X. rewrite mk_val by exact Lx. reflexivity. }
  specialize (C (tok m) tov X rep H).
  rewrite Eh, Elo, Ehi in C.
  assert (Ex : proj1_sig X = x) by (apply mk_val, Lx).
  assert (Hrep : rep h = X).
  { apply tok_eq. rewrite Erep, Ex. apply list_beq_eq. exact Hh. }
  assert (Hov' : forall c, (c <= S h)%nat -> tov X (rep c) = INR (Nat.min c h)).
  { intros c Hc. unfold tov. rewrite Erep, Ex. f_equal. apply Nat.eqb_eq.
    apply (forallb_seq _ (S (S h)) c Hov). lia. }
  rewrite (Qeq_eqR _ _ Eeps), Q2R_half in C.
  specialize (C Hrep Hov' Hnn).
  rewrite Hsel in C. specialize (C Hall).
  assert (E1 : rep lo = mk m yi) by (unfold rep; rewrite Nat.eqb_refl; reflexivity).
  assert (E2 : rep (cls h x yj) = mk m yj).
  { unfold rep. apply negb_true_iff in Hne. rewrite Hne, Nat.eqb_refl. reflexivity. }
  rewrite E1, E2 in C. exact C.
Qed.

Lemma Q2R_inject_nat n : Q2R (inject_Z (Z.of_nat n)) = INR n.
Proof. unfold Q2R; simpl. rewrite INR_IZR_INZ. field. Qed.

(** ** Soundness: an accepted code proves the rank bound. *)
Theorem code_sound m h lo xs ys certs B :
  code_check m h lo xs ys certs B = true -> rank_claim m B.
Proof.
  intros Hc H r phi psi Hnn Hall Hfeat.
  apply andb_true_iff in Hc as [Hdat Hfin].
  destruct (code_data_spec _ _ _ _ _ _ Hdat) as (Hlen & Hlo & Hl & Hcs & Hi3).
  set (k := length xs) in *.
  set (X := fun i => mk m (nth i xs [])). set (Y := fun i => mk m (nth i ys [])).
  set (a := fun i => alpha H (X i) (Y i)).
  set (Lr := fun i j => ratio_of certs h lo (nth i xs []) (nth j ys [])).
  assert (Lx : forall i, (i < k)%nat -> Nat.eqb (length (nth i xs [])) m = true)
    by (intros i Hi; exact (proj1 (Hl i Hi))).
  assert (Ly : forall i, (i < k)%nat -> Nat.eqb (length (nth i ys [])) m = true)
    by (intros i Hi; exact (proj2 (Hl i Hi))).
  (* the diagonal is positive: Lemma 3 with z = x_i *)
  assert (Hpos : forall i, (i < k)%nat -> 0 < a i).
  { intros i Hi. destruct (Hi3 i Hi) as (E1 & E2 & _).
    apply Nat.eqb_eq in E1, E2.
    assert (Ehh : tov (X i) (X i) = INR h) by (unfold tov, X; rewrite mk_val by auto; rewrite E1; reflexivity).
    assert (Ehl : tov (X i) (Y i) = INR lo) by (unfold tov, X, Y; rewrite !mk_val by auto; rewrite E2; reflexivity).
    assert (Hd : INR lo + 2 <= INR h).
    { replace 2 with (INR 2) by (simpl; ring). rewrite <- plus_INR. apply le_INR. lia. }
    assert (Huw : tov (X i) (Y i) < tov (X i) (X i)) by lra.
    destruct (paper_of_all tov H (X i) 3 (1 / 2) (Y i) (X i) (le_n 3) (Hall (X i))) as (C1 & C2 & C3).
    assert (H3 : 3 <= INR 3) by (simpl; lra).
    pose proof (lemma3 tov (X i) (Y i) (X i) Huw (Rle_refl _) (INR 3) (1 / 2) H H3 ltac:(lra)
                  ltac:(rewrite Ehh, Ehl; simpl; lra) Hnn C1 C2 C3) as L3.
    assert (HK : 0 <= Kfac (INR 3) (1 / 2) (tov (X i) (X i) - tov (X i) (Y i))).
    { unfold Kfac. rewrite Ehh, Ehl. simpl. replace (2 * (1 / 2)) with 1 by field. unfold Rdiv.
      rewrite Rinv_1. lra. }
    pose proof (Hnn (X i) (X i)). unfold a. nra. }
  (* every off-diagonal pair: its certified ratio *)
  assert (Hpair : forall i j, (i < k)%nat -> (j < k)%nat -> i <> j ->
            0 < Q2R (Lr i j) /\ a i >= Q2R (Lr i j) * alpha H (X i) (Y j)).
  { intros i j Hi Hj Hij. destruct (Hi3 i Hi) as (_ & _ & P).
    exact (pair_bound m h lo certs H _ _ _ Hcs (Lx i Hi) (Ly i Hi) (Ly j Hj) (P j Hj Hij) Hnn (Hall _)). }
  (* rows scaled by 1 / a_i: the same r features *)
  set (phi' := fun l i => phi l (X i) / a i). set (psi' := fun l j => psi l (Y j)).
  assert (EM : forall i j, fmat r phi' psi' i j = alpha H (X i) (Y j) / a i).
  { intros i j. unfold fmat, phi', psi'. rewrite Hfeat. unfold Rdiv. rewrite <- sumN_scal_r.
    apply sumN_ext. intros. ring. }
  set (b := fun i j => Q2R (/ (Lr i j * Lr i j))).
  assert (RE : INR k ^ 2 <= INR r * (INR k + offsum k b)).
  { apply (rank_entrywise k r phi' psi' b).
    - intros i Hi. rewrite EM. unfold a. field. apply Rgt_not_eq, Hpos, Hi.
    - intros i j Hi Hj Hij. rewrite EM. destruct (Hpair i j Hi Hj Hij) as [HL Hb].
      pose proof (Hpos i Hi) as Ha. pose proof (Hnn (X i) (Y j)).
      unfold b. rewrite Q2R_inv, Q2R_mult.
      + set (L := Q2R (Lr i j)) in *. set (v := alpha H (X i) (Y j)) in *.
        assert (0 <= v / a i <= / L).
        { split; [unfold Rdiv; apply Rmult_le_pos; [lra|apply Rlt_le, Rinv_0_lt_compat; lra]|].
          apply (Rmult_le_reg_l L); [exact HL|]. apply (Rmult_le_reg_r (a i)); [exact Ha|].
          field_simplify; [lra|lra|lra]. }
        replace (/ (L * L)) with ((/ L) ^ 2) by (field; lra).
        apply pow_incr; lra.
      + intro E. apply Qeq_eqR in E. rewrite Q2R_mult in E. unfold Q2R in E at 3; simpl in E. nra. }
  assert (Eoff : offsum k b = Q2R (pairs_sum certs h lo xs ys)).
  { unfold pairs_sum, offsum. fold k. rewrite Q2R_qsum. apply sumN_ext. intros i _.
    rewrite Q2R_qsum. apply sumN_ext. intros j _. destruct (Nat.eqb i j); [unfold Q2R; simpl; lra|].
    reflexivity. }
  rewrite Eoff in RE.
  apply Qltb_R in Hfin. rewrite !Q2R_mult, Q2R_plus, Q2R_minus, !Q2R_inject_nat in Hfin.
  rewrite Q2R_1 in Hfin. fold k in Hfin.
  assert (HS : 0 <= Q2R (pairs_sum certs h lo xs ys)).
  { rewrite <- Eoff. unfold offsum. apply sumN_nonneg. intros i _. apply sumN_nonneg. intros j _.
    destruct (Nat.eqb _ _); [lra|]. unfold b. rewrite <- Q2R0. apply Qle_Rle.
    apply Qinv_le_0_compat. destruct (Qlt_le_dec (Lr i j) 0) as [E|E].
    - setoid_replace (Lr i j * Lr i j)%Q with (- Lr i j * - Lr i j)%Q by ring.
      apply Qmult_le_0_compat; apply Qlt_le_weak; apply Qopp_lt_compat in E; exact E.
    - apply Qmult_le_0_compat; exact E. }
  destruct (le_lt_dec B r) as [Hr|Hr]; [exact Hr|exfalso].
  assert (Hr' : INR r <= INR B - 1).
  { replace 1 with (INR 1) by reflexivity. rewrite <- minus_INR by lia. apply le_INR. lia. }
  set (S := Q2R (pairs_sum certs h lo xs ys)) in *.
  assert (0 <= INR k) by apply pos_INR.
  assert (INR r * (INR k + S) <= (INR B - 1) * (INR k + S)) by (apply Rmult_le_compat_r; lra).
  replace (INR k ^ 2) with (INR k * INR k) in RE by ring.
  lra.
Qed.
