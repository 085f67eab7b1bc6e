import { Type } from 'typebox';
import { Uuid } from '../dto.ts';

export const CompanyParams = Type.Object({ companyId: Uuid });

export const RatingDto = Type.Object({
  companyId: Type.String(),
  /** Full precision, 1..5 (3.5 before any approved review). */
  score: Type.Number(),
  /** One decimal, as shown. */
  displayScore: Type.Number(),
  approvedCount: Type.Integer(),
  /** Approved 1★ … 5★ counts. */
  distribution: Type.Array(Type.Integer(), { minItems: 5, maxItems: 5 }),
  version: Type.Integer(),
  computedAt: Type.Union([Type.String(), Type.Null()]),
});

/** The formula's constants, for the methodology page. */
export const MethodologyDto = Type.Object({
  priorWeight: Type.Number(),
  priorMean: Type.Number(),
  halfLifeDays: Type.Number(),
  displayDecimals: Type.Integer(),
});
