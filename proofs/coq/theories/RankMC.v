(** * The rank lemma with MathComp's [\rank] (docs/math.md §5.1): for every ordered field
    ([realFieldType]) [R] and [A : 'M[R]_k], [(\tr A)^2 <= \rank A * ||A||_F^2]
    ([rank_lemma_mc]) and, with a unit diagonal, [k^2 <= \rank A (k + sum_{i<>j} A_ij^2)]
    ([rank_entrywise_mc]).  The same Gram–Schmidt induction as [Rank.rank_features], over
    MathComp's fields; then [mulmx_base] ([A = col_base A *m row_base A]) gives [\rank A]
    features.  (MathComp's fields are not Coq's [R], where the model lives: [Rank.v] is the
    version the end-to-end bound uses.) *)

From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import ring.
Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section RankMC.
Variable R : realFieldType.
Variable k : nat.

Definition dotp (a b : 'I_k -> R) : R := \sum_(i < k) a i * b i.

Lemma dotp_ge0 a : 0 <= dotp a a.
Proof. by apply: sumr_ge0 => i _; rewrite -expr2 sqr_ge0. Qed.

Lemma quad a b p q : 0 <= p ^+ 2 * dotp a a + 2%:R * p * q * dotp a b + q ^+ 2 * dotp b b.
Proof.
have -> : p ^+ 2 * dotp a a + 2%:R * p * q * dotp a b + q ^+ 2 * dotp b b
        = \sum_(i < k) (p * a i + q * b i) ^+ 2.
  by rewrite /dotp !mulr_sumr -!big_split /=; apply: eq_bigr => i _; ring.
by apply: sumr_ge0 => i _; rewrite sqr_ge0.
Qed.

Lemma sq_le0 (x : R) : x ^+ 2 <= 0 -> x = 0.
Proof. by move=> H; apply/eqP; rewrite -sqrf_eq0 eq_le H sqr_ge0. Qed.

(** Cauchy–Schwarz. *)
Lemma cauchy_schwarz_mc a b : dotp a b ^+ 2 <= dotp a a * dotp b b.
Proof.
set A := dotp a a; set B := dotp b b; set C := dotp a b.
have HA : 0 <= A := dotp_ge0 a. have HB : 0 <= B := dotp_ge0 b.
have Q1 : 0 <= B * (A * B - C ^+ 2).
  have := quad a b B (- C); rewrite -/A -/B -/C.
  by rewrite (_ : B ^+ 2 * A + 2%:R * B * - C * C + (- C) ^+ 2 * B = B * (A * B - C ^+ 2)) //; ring.
have Q2 : 0 <= A * (A * B - C ^+ 2).
  have := quad a b C (- A); rewrite -/A -/B -/C.
  by rewrite (_ : C ^+ 2 * A + 2%:R * C * - A * C + (- A) ^+ 2 * B = A * (A * B - C ^+ 2)) //; ring.
have Q5 : 0 <= A + B * C ^+ 2 - 2%:R * C ^+ 2.
  have := quad a b 1 (- C); rewrite -/A -/B -/C.
  by rewrite (_ : 1 ^+ 2 * A + 2%:R * 1 * - C * C + (- C) ^+ 2 * B = A + B * C ^+ 2 - 2%:R * C ^+ 2) //; ring.
have [B0|Bn] := eqVneq B 0; last first.
  have Bpos : 0 < B by rewrite lt0r Bn HB.
  by move: Q1; rewrite pmulr_rge0 // subr_ge0.
have [A0|An] := eqVneq A 0; last first.
  have Apos : 0 < A by rewrite lt0r An HA.
  by move: Q2; rewrite pmulr_rge0 // subr_ge0.
move: Q5; rewrite A0 B0 mul0r !add0r mulr0 oppr_ge0 pmulr_rle0 // ltr0n.
  done.
Qed.

Lemma combine_mc (r p q P Q : R) :
  0 <= r -> 0 <= P -> 0 <= Q -> p ^+ 2 <= P -> q ^+ 2 <= r * Q -> (p + q) ^+ 2 <= (r + 1) * (P + Q).
Proof.
move=> Hr HP HQ Hp Hq.
have [r0|rn] := eqVneq r 0.
- move: Hq; rewrite r0 mul0r => /sq_le0 ->.
  rewrite addr0 add0r mul1r. by apply: (le_trans Hp); rewrite ler_addl.
- have rpos : 0 < r by rewrite lt0r rn Hr.
  rewrite -subr_ge0 -(pmulr_rge0 _ rpos).
  have -> : r * ((r + 1) * (P + Q) - (p + q) ^+ 2)
            = (r * p - q) ^+ 2 + (r * (r + 1)) * (P - p ^+ 2) + (r + 1) * (r * Q - q ^+ 2) by ring.
  have r1 : 0 <= r + 1 by rewrite addr_ge0 // ler01.
  apply: addr_ge0; first apply: addr_ge0.
  + exact: sqr_ge0.
  + by apply: mulr_ge0; [apply: mulr_ge0 | rewrite subr_ge0].
  + by apply: mulr_ge0; [ | rewrite subr_ge0].
Qed.

Definition fm (r : nat) (phi psi : nat -> 'I_k -> R) (i j : 'I_k) : R :=
  \sum_(l < r) phi l i * psi l j.
Definition trm (M : 'I_k -> 'I_k -> R) : R := \sum_(i < k) M i i.
Definition frm (M : 'I_k -> 'I_k -> R) : R := \sum_(i < k) \sum_(j < k) M i j ^+ 2.

Lemma frm_ge0 M : 0 <= frm M.
Proof. by apply: sumr_ge0 => i _; apply: sumr_ge0 => j _; rewrite sqr_ge0. Qed.

(** The rank lemma for [r] features. *)
Theorem rank_features_mc r phi psi : trm (fm r phi psi) ^+ 2 <= r%:R * frm (fm r phi psi).
Proof.
elim: r phi psi => [|r IH] phi psi.
  rewrite /trm /fm (eq_bigr (fun _ => 0)) => [|i _]; last by rewrite big_ord0.
  by rewrite big1_eq expr0n /= mul0r.
set u := phi r. set nu := dotp u u.
pose c l := if nu == 0 then 0 else dotp (phi l) u / nu.
have Hc l : c l * nu = dotp (phi l) u.
  rewrite /c; case: eqP => [E|E].
  - have CS := cauchy_schwarz_mc (phi l) u. rewrite -/nu E mulr0 in CS.
    by rewrite mul0r (sq_le0 _ CS).
  - by rewrite divfK //; apply/eqP.
pose phi' l i := phi l i - c l * u i.
pose a j := psi r j + \sum_(l < r) c l * psi l j.
set M' := fm r phi' psi.
have EM i j : fm r.+1 phi psi i j = M' i j + u i * a j.
  rewrite /fm big_ord_recr /= /M' /fm /phi' /a.
  have -> : \sum_(l < r) (phi l i - c l * u i) * psi l j
            = \sum_(l < r) phi l i * psi l j - u i * \sum_(l < r) c l * psi l j.
    by rewrite mulr_sumr -sumrB; apply: eq_bigr => l _; ring.
  by rewrite mulrDr [u i * psi r j + _]addrC addrA subrK /u.
have Horth j : \sum_(i < k) u i * M' i j = 0.
  rewrite /M' /fm.
  transitivity (\sum_(i < k) \sum_(l < r) psi l j * (phi l i * u i - c l * (u i * u i))).
    by apply: eq_bigr => i _; rewrite mulr_sumr; apply: eq_bigr => l _; rewrite /phi'; ring.
  rewrite exchange_big /=. apply: big1 => l _. rewrite -mulr_sumr.
  have -> : \sum_(i < k) (phi l i * u i - c l * (u i * u i)) = dotp (phi l) u - c l * nu.
    by rewrite /nu /dotp mulr_sumr -sumrB.
  by rewrite Hc subrr mulr0.
have Etr : trm (fm r.+1 phi psi) = dotp u a + trm M'.
  by rewrite /trm /dotp (eq_bigr _ (fun i _ => EM i i)) big_split /= addrC.
have Efr : frm (fm r.+1 phi psi) = nu * dotp a a + frm M'.
  rewrite /frm.
  transitivity (\sum_(i < k) (\sum_(j < k) M' i j ^+ 2 + (u i * u i) * dotp a a
                              + \sum_(j < k) 2%:R * a j * (u i * M' i j))).
    apply: eq_bigr => i _. rewrite /dotp mulr_sumr -!big_split /=.
    by apply: eq_bigr => j _; rewrite EM; ring.
  have Z : \sum_(i < k) \sum_(j < k) 2%:R * a j * (u i * M' i j) = 0.
    by rewrite exchange_big /=; apply: big1 => j _; rewrite -mulr_sumr Horth mulr0.
  by rewrite big_split /= Z addr0 big_split /= -mulr_suml addrC.
rewrite Etr Efr -[r.+1]addn1 natrD.
apply: combine_mc.
- exact: ler0n.
- by apply: mulr_ge0; apply: dotp_ge0.
- exact: frm_ge0.
- exact: cauchy_schwarz_mc.
- exact: IH.
Qed.

(** ** With MathComp's rank: [(\tr A)^2 <= \rank A * ||A||_F^2]. *)
Theorem rank_lemma_mc (A : 'M[R]_k) :
  (\tr A) ^+ 2 <= (\rank A)%:R * \sum_(i < k) \sum_(j < k) A i j ^+ 2.
Proof.
pose phi (l : nat) (i : 'I_k) := if insub l is Some l' then col_base A i l' else 0.
pose psi (l : nat) (j : 'I_k) := if insub l is Some l' then row_base A l' j else 0.
have E i j : A i j = fm (\rank A) phi psi i j.
  rewrite -{1}(mulmx_base A) mxE /fm. apply: eq_bigr => l _. by rewrite /phi /psi valK.
have -> : \tr A = trm (fm (\rank A) phi psi).
  by rewrite /mxtrace /trm; apply: eq_bigr => i _; rewrite E.
have -> : \sum_(i < k) \sum_(j < k) A i j ^+ 2 = frm (fm (\rank A) phi psi).
  by apply: eq_bigr => i _; apply: eq_bigr => j _; rewrite E.
exact: rank_features_mc.
Qed.

(** The entrywise form with [\rank]: a unit diagonal gives
    [k^2 <= \rank A * (k + sum_{i<>j} A_ij^2)]. *)
Corollary rank_entrywise_mc (A : 'M[R]_k) :
  (forall i, A i i = 1) ->
  (k%:R) ^+ 2 <= (\rank A)%:R * (k%:R + \sum_(i < k) \sum_(j < k | j != i) A i j ^+ 2).
Proof.
move=> Hd.
have Et : \tr A = k%:R.
  rewrite /mxtrace (eq_bigr (fun _ => 1)); last by move=> i _; rewrite Hd.
  by rewrite sumr_const card_ord.
have Ef : \sum_(i < k) \sum_(j < k) A i j ^+ 2
          = k%:R + \sum_(i < k) \sum_(j < k | j != i) A i j ^+ 2.
  rewrite (eq_bigr (fun i => 1 + \sum_(j < k | j != i) A i j ^+ 2)); last first.
    by move=> i _; rewrite (bigD1 i) //= Hd expr1n.
  by rewrite big_split /= sumr_const card_ord.
by have := rank_lemma_mc A; rewrite Et Ef.
Qed.

End RankMC.
