import type { Lang } from '../contract.ts';

/**
 * User-facing text of every gateway answer, by stable code, in both languages.
 * `{name}` placeholders are filled from the error's params.
 */
export const MESSAGES: Record<string, Record<Lang, string>> = {
  ok: { en: 'Success', 'zh-cn': '成功' },
  // Request checks
  signature_missing: { en: 'The request signature is missing. Send the timestamp and sign headers.', 'zh-cn': '请求缺少签名，请发送 timestamp 和 sign 请求头。' },
  signature_expired: { en: 'The request signature has expired. Check your device clock and try again.', 'zh-cn': '请求签名已过期，请检查设备时间后重试。' },
  signature_invalid: { en: 'The request signature is invalid.', 'zh-cn': '请求签名无效。' },
  lang_unsupported: { en: 'Unsupported language "{lang}". Use en or zh-cn.', 'zh-cn': '不支持的语言“{lang}”，请使用 en 或 zh-cn。' },
  validation_failed: { en: 'Some parameters are invalid.', 'zh-cn': '部分参数无效。' },
  bad_request: { en: 'The request could not be understood.', 'zh-cn': '无法识别该请求。' },
  payload_too_large: { en: 'The request is too large.', 'zh-cn': '请求内容过大。' },
  unsupported_media_type: { en: 'This content type is not supported.', 'zh-cn': '不支持该内容类型。' },
  too_many_requests: { en: 'Too many requests. Please try again in {retryAfter} seconds.', 'zh-cn': '请求过于频繁，请在 {retryAfter} 秒后重试。' },
  route_not_found: { en: 'This API path does not exist.', 'zh-cn': '该接口不存在。' },
  not_found: { en: 'Not found.', 'zh-cn': '未找到。' },
  upstream_error: { en: 'The service is temporarily unavailable. Please try again later.', 'zh-cn': '服务暂时不可用，请稍后再试。' },
  unavailable: { en: 'The service is temporarily unavailable. Please try again later.', 'zh-cn': '服务暂时不可用，请稍后再试。' },
  internal: { en: 'Something went wrong on our side. Please try again later.', 'zh-cn': '服务器出错了，请稍后再试。' },
  // Catalogue
  'catalogue.limit_too_large': { en: 'limit must be at most {max}.', 'zh-cn': 'limit 不能超过 {max}。' },
  'catalogue.company_not_found': { en: 'This company does not exist.', 'zh-cn': '该公司不存在。' },
  'catalogue.unknown_country': { en: 'Unknown country.', 'zh-cn': '未知的国家或地区。' },
  country_decrypt_failed: { en: 'Failed to decrypt', 'zh-cn': '解密失败' },
};

/** Field-level messages by validation keyword. */
export const FIELD_MESSAGES: Record<string, Record<Lang, string>> = {
  required: { en: '{field} is required.', 'zh-cn': '{field} 为必填项。' },
  integer: { en: '{field} must be a whole number.', 'zh-cn': '{field} 必须是整数。' },
  number: { en: '{field} must be a number.', 'zh-cn': '{field} 必须是数字。' },
  string: { en: '{field} must be text.', 'zh-cn': '{field} 必须是文本。' },
  range: { en: '{field} must be between {min} and {max}.', 'zh-cn': '{field} 必须在 {min} 到 {max} 之间。' },
  too_large: { en: '{field} must be at most {max}.', 'zh-cn': '{field} 不能大于 {max}。' },
  too_long: { en: '{field} must be at most {max} characters.', 'zh-cn': '{field} 最多 {max} 个字符。' },
  one_of: { en: '{field} must be one of: {values}.', 'zh-cn': '{field} 只能是以下值之一：{values}。' },
  unknown_parameter: { en: 'Unknown parameter {field}.', 'zh-cn': '未知参数 {field}。' },
  decrypt_failed: { en: 'Failed to decrypt', 'zh-cn': '解密失败' },
  invalid: { en: '{field} is invalid.', 'zh-cn': '{field} 无效。' },
};

export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (params[k] !== undefined ? String(params[k]) : m));
}

export function message(code: string, lang: Lang, params?: Record<string, string | number>): string {
  const entry = MESSAGES[code] ?? MESSAGES.internal!;
  return format(entry[lang], params);
}
