import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from '../../domain/companies.ts';
import { CompanyDto } from '../companies/schemas.ts';

/** Bounds only; the rules and their field codes are the domain's (`catalogue.company_invalid`). */
const Text = (maxLength: number) => Type.String({ maxLength });

export const LicenceForm = Type.Object(
  {
    regulator: Text(500),
    regulatorCountry: Text(10),
    licenceNo: Text(500),
    entity: Text(1000),
    status: Text(20),
    registerUrl: Text(1000),
  },
  { additionalProperties: false },
);

export const CompanyFormSchema = Type.Object(
  {
    name: Text(1000),
    nameZh: Text(1000),
    category: Text(20),
    countryCode: Text(10),
    website: Text(1000),
    descriptionEn: Text(5000),
    descriptionZh: Text(5000),
    // Null first: with type coercion an integer branch tried first would turn null into 0.
    founded: Type.Union([Type.Null(), Type.Integer()]),
    aliases: Type.Array(Text(1000), { maxItems: 100 }),
    aboutEn: Text(20_000),
    aboutZh: Text(20_000),
    maxLeverage: Text(200),
    email: Text(500),
    phone: Text(200),
    openAccountUrl: Text(1000),
    licences: Type.Array(LicenceForm, { maxItems: 50 }),
  },
  { additionalProperties: false },
);

const AdminId = Type.String({ minLength: 1, maxLength: 100 });
const Reason = Type.String({ maxLength: 5000, default: '' });

export const CreateBody = Type.Object({ adminId: AdminId, reason: Reason, form: CompanyFormSchema }, { additionalProperties: false });
export const EditBody = CreateBody;
export const HideBody = Type.Object({ adminId: AdminId, reason: Reason, hidden: Type.Boolean() }, { additionalProperties: false });
export const MergeBody = Type.Object({ adminId: AdminId, reason: Reason, into: Type.String({ maxLength: 100 }) }, { additionalProperties: false });

export const AdminListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const AdminCompanyDto = Type.Object({
  ...CompanyDto.properties,
  hidden: Type.Boolean(),
  merged: Type.Boolean(),
  updatedAt: Type.String(),
});
export const AdminListResponse = Type.Object({ items: Type.Array(AdminCompanyDto), total: Type.Integer() });

export const AdminDetailResponse = Type.Object({
  company: AdminCompanyDto,
  mergedIntoSlug: Type.Union([Type.String(), Type.Null()]),
  form: CompanyFormSchema,
});
export const MergeResponse = Type.Object({ from: AdminCompanyDto, into: AdminCompanyDto });

export const AuditQuery = Type.Object(
  {
    slug: Type.Optional(Type.String({ maxLength: 100 })),
    actorId: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' })),
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
  },
  { additionalProperties: false },
);
const Json = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);
export const AuditDto = Type.Object({
  id: Type.String(),
  companyId: Type.String(),
  actorId: Type.String(),
  action: Type.String(),
  reason: Type.String(),
  before: Json,
  after: Json,
  at: Type.String(),
});
export const AuditResponse = Type.Object({ items: Type.Array(AuditDto), total: Type.Integer() });
