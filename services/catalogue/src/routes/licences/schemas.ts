import { Type } from 'typebox';
import { LicenceStatus } from '../../domain/company-details.ts';

const RegisterStatus = Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('revoked'), Type.Literal('expired')]);

export const EvidenceDto = Type.Object({
  key: Type.String(),
  sha256: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
});

export const HistoryDto = Type.Object({
  id: Type.String(),
  status: RegisterStatus,
  previousStatus: Type.Union([RegisterStatus, Type.Null()]),
  effectiveOn: Type.String(),
  note: Type.String(),
  evidence: Type.Union([Type.Object({ ...EvidenceDto.properties, capturedAt: Type.String() }), Type.Null()]),
  recordedAt: Type.String(),
});

export const LicenceRegisterDto = Type.Object({
  companyId: Type.String(),
  slug: Type.String(),
  licences: Type.Array(
    Type.Object({
      regulator: Type.String(),
      regulatorCountry: Type.String(),
      regulatorCountryName: Type.Object({ en: Type.String(), zh: Type.String() }),
      licenceNo: Type.String(),
      entity: Type.String(),
      status: LicenceStatus,
      registerUrl: Type.String(),
      history: Type.Array(HistoryDto),
    }),
  ),
});

/** Bounds only; the rules and their field codes are the domain's (`catalogue.licence_invalid`). */
export const ChangeBody = Type.Object(
  {
    adminId: Type.String({ minLength: 1, maxLength: 100 }),
    regulator: Type.String({ maxLength: 500 }),
    licenceNo: Type.String({ maxLength: 500 }),
    status: Type.String({ maxLength: 20 }),
    effectiveOn: Type.String({ maxLength: 20 }),
    note: Type.String({ maxLength: 5000 }),
    evidence: Type.Optional(Type.Object({ key: Type.String({ maxLength: 200 }), capturedAt: Type.Optional(Type.String({ maxLength: 40 })) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
