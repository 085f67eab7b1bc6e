import { Type } from 'typebox';
import { Uuid } from '@brokerwise/service-kit';

export const Locale = Type.Union([Type.Literal('en'), Type.Literal('zh-cn')], { default: 'en' });
export const Purpose = Type.Union([Type.Literal('user_register'), Type.Literal('retrieve_password'), Type.Literal('change_password'), Type.Literal('bind_email')]);
export { Uuid };


// Form fields are plain bounded strings here: the domain rules give the spec's field codes.
export const CodeBody = Type.Object(
  {
    email: Type.String({ maxLength: 1000, default: '' }),
    purpose: Purpose,
    locale: Locale,
    userId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);

export const CodeResponse = Type.Object({ resendAfter: Type.Integer() });
