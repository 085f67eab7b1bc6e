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
  // Reviews
  'reviews.submitted': { en: 'Your review is pending', 'zh-cn': '您的点评正在审核中' },
  'reviews.deleted': { en: 'Your review has been deleted.', 'zh-cn': '您的点评已删除。' },
  'reviews.validation': { en: 'Please check the highlighted fields.', 'zh-cn': '请检查标出的输入项。' },
  'reviews.review_not_found': { en: 'You have not reviewed this company.', 'zh-cn': '您尚未点评该公司。' },
  'reviews.new_account_limit': { en: 'New accounts can post at most 3 reviews in their first 24 hours. Please try again in {retryAfter} seconds.', 'zh-cn': '新账号注册后 24 小时内最多发布 3 条点评，请在 {retryAfter} 秒后重试。' },
  'reviews.too_soon': { en: 'Please wait {retryAfter} seconds before posting another review.', 'zh-cn': '请等待 {retryAfter} 秒后再发布点评。' },
  'reviews.duplicate_text': { en: 'You have already posted this text. Please write something new.', 'zh-cn': '您已发布过相同内容，请重新撰写。' },
  'reviews.already_moderated': { en: 'This review has already been moderated.', 'zh-cn': '该点评已审核。' },
  // Admin: review moderation
  'admin.review_approved': { en: 'The review has been approved and published.', 'zh-cn': '点评已通过审核并发布。' },
  'admin.review_rejected': { en: 'The review has been rejected. The author will see your reason.', 'zh-cn': '点评已被拒绝，作者将看到您填写的理由。' },
  'admin.review_not_found': { en: 'This review does not exist or has been deleted.', 'zh-cn': '该点评不存在或已被删除。' },
  // Sessions
  session_required: { en: 'Please sign in first.', 'zh-cn': '请先登录。' },
  session_invalid: { en: 'Your session has expired. Please sign in again.', 'zh-cn': '登录已过期，请重新登录。' },
  session_revoked: { en: 'You have been signed out. Please sign in again.', 'zh-cn': '您已退出登录，请重新登录。' },
  forbidden: { en: 'You do not have permission to do this.', 'zh-cn': '您没有权限执行此操作。' },
  csrf_failed: { en: 'This request could not be verified. Please reload the page and try again.', 'zh-cn': '请求校验失败，请刷新页面后重试。' },
  // Accounts: successes
  'user.signed_in': { en: 'Signed in successfully.', 'zh-cn': '登录成功。' },
  'user.registered': { en: 'Registration successful. Welcome to Brokerwise!', 'zh-cn': '注册成功，欢迎来到 Brokerwise！' },
  'user.signed_out': { en: 'You have signed out.', 'zh-cn': '您已退出登录。' },
  'user.code_sent': { en: 'A verification code has been sent to your mailbox.', 'zh-cn': '验证码已发送到您的邮箱。' },
  'user.profile_saved': { en: 'Your profile has been saved.', 'zh-cn': '个人资料已保存。' },
  'user.avatar_uploaded': { en: 'Avatar uploaded.', 'zh-cn': '头像已上传。' },
  'user.password_changed': { en: 'Password changed. Please sign in again.', 'zh-cn': '密码已修改，请重新登录。' },
  'user.password_reset': { en: 'Password reset. Please sign in with your new password.', 'zh-cn': '密码已重置，请使用新密码登录。' },
  'user.email_bound': { en: 'Your email has been bound.', 'zh-cn': '邮箱绑定成功。' },
  'user.followed': { en: 'Followed.', 'zh-cn': '已关注。' },
  'user.unfollowed': { en: 'Unfollowed.', 'zh-cn': '已取消关注。' },
  // Accounts: refusals from the identity service
  'identity.validation': { en: 'Please check the highlighted fields.', 'zh-cn': '请检查标出的输入项。' },
  'identity.email_taken': { en: 'This mailbox is already registered.', 'zh-cn': '该邮箱已被注册。' },
  'identity.username_taken': { en: 'This user name is already taken.', 'zh-cn': '该用户名已被使用。' },
  'identity.code_invalid': { en: 'The captcha is incorrect.', 'zh-cn': '验证码不正确。' },
  'identity.code_expired': { en: 'The captcha has expired. Please request a new one.', 'zh-cn': '验证码已过期，请重新获取。' },
  'identity.code_attempts': { en: 'Too many wrong attempts. Please request a new captcha.', 'zh-cn': '错误次数过多，请重新获取验证码。' },
  'identity.code_too_soon': { en: 'Please wait {retryAfter} seconds before requesting another captcha.', 'zh-cn': '请等待 {retryAfter} 秒后再获取验证码。' },
  'identity.bad_credentials': { en: 'Incorrect mailbox, user name or password.', 'zh-cn': '邮箱、用户名或密码不正确。' },
  'identity.login_throttled': { en: 'Too many sign-in attempts. Please try again in {retryAfter} seconds.', 'zh-cn': '登录尝试次数过多，请在 {retryAfter} 秒后重试。' },
  'identity.account_frozen': { en: 'This account has been frozen. Please contact customer service.', 'zh-cn': '该账号已被冻结，请联系客服。' },
  'identity.company_unavailable': { en: 'Company accounts are coming soon.', 'zh-cn': '企业账号即将开放。' },
  'identity.email_required': { en: 'Please bind your email first.', 'zh-cn': '请先绑定邮箱。' },
  'identity.old_password_wrong': { en: 'The old password is incorrect.', 'zh-cn': '原密码不正确。' },
  'identity.follow_self': { en: 'You cannot follow yourself.', 'zh-cn': '不能关注自己。' },
  'identity.user_not_found': { en: 'This user does not exist.', 'zh-cn': '该用户不存在。' },
  'identity.session_not_found': { en: 'You have been signed out. Please sign in again.', 'zh-cn': '您已退出登录，请重新登录。' },
  'identity.social_token_invalid': { en: 'The sign-in could not be verified. Please try again.', 'zh-cn': '第三方登录验证失败，请重试。' },
  'identity.social_unavailable': { en: 'The sign-in provider is not reachable right now. Please try again later.', 'zh-cn': '第三方登录服务暂时无法访问，请稍后再试。' },
  'identity.social_disabled': { en: 'This sign-in method is not available.', 'zh-cn': '暂不支持该登录方式。' },
  'identity.mail_unavailable': { en: 'We could not send the email right now. Please try again.', 'zh-cn': '邮件暂时无法发送，请重试。' },
  'identity.conflict': { en: 'Someone else changed this at the same moment. Please try again.', 'zh-cn': '数据同时被修改，请重试。' },
  'identity.avatar_invalid': { en: 'The avatar must be a JPEG or PNG image of at most 2MB.', 'zh-cn': '头像须为 JPEG 或 PNG 图片，且不超过 2MB。' },
};

/**
 * Messages for `field:code` pairs: the spec's wording (§5) where it gives one. Looked up before
 * the generic keyword messages below.
 */
export const FIELD_SPECIFIC: Record<string, Record<Lang, string>> = {
  'email:required': { en: 'Please enter a mailbox.', 'zh-cn': '请输入邮箱。' },
  'email:format': { en: 'The mailbox format is incorrect.', 'zh-cn': '邮箱格式不正确。' },
  'email:taken': { en: 'This mailbox is already registered.', 'zh-cn': '该邮箱已被注册。' },
  'email:login_required': { en: 'Please enter a mailbox or user name.', 'zh-cn': '请输入邮箱或用户名。' },
  'login:required': { en: 'Please enter a mailbox or user name.', 'zh-cn': '请输入邮箱或用户名。' },
  'username:required': { en: 'Please enter a user name.', 'zh-cn': '请输入用户名。' },
  'username:format': { en: 'Disable special characters with a length of 3 to 15.', 'zh-cn': '不能包含特殊字符，长度为 3 到 15 位。' },
  'username:length': { en: 'The user name must be 3 to 12 characters.', 'zh-cn': '用户名长度为 3 到 12 位。' },
  'username:taken': { en: 'This user name is already taken.', 'zh-cn': '该用户名已被使用。' },
  'password:required': { en: 'Please enter the password.', 'zh-cn': '请输入密码。' },
  'password:length': { en: 'Password length is 8-12 digits.', 'zh-cn': '密码长度为 8 到 12 位。' },
  'password:characters': { en: 'Password length is 8-12 digits.', 'zh-cn': '密码长度为 8 到 12 位。' },
  'pwd:required': { en: 'Please enter the new password.', 'zh-cn': '请输入新密码。' },
  'pwd:length': { en: 'Password length is 8-12 digits.', 'zh-cn': '密码长度为 8 到 12 位。' },
  'pwd:characters': { en: 'Password length is 8-12 digits.', 'zh-cn': '密码长度为 8 到 12 位。' },
  'oldpwd:required': { en: 'Please enter the old password.', 'zh-cn': '请输入原密码。' },
  'oldpwd:wrong': { en: 'The old password is incorrect.', 'zh-cn': '原密码不正确。' },
  'captcha:required': { en: 'Please enter the captcha.', 'zh-cn': '请输入验证码。' },
  'captcha:invalid': { en: 'The captcha is incorrect.', 'zh-cn': '验证码不正确。' },
  'captcha:expired': { en: 'The captcha has expired. Please request a new one.', 'zh-cn': '验证码已过期，请重新获取。' },
  'captcha:attempts': { en: 'Too many wrong attempts. Please request a new captcha.', 'zh-cn': '错误次数过多，请重新获取验证码。' },
  'country:required': { en: 'Please select a country or region.', 'zh-cn': '请选择国家或地区。' },
  'countryCode:required': { en: 'Please select a country or region.', 'zh-cn': '请选择国家或地区。' },
  'motto:too_long': { en: 'The profile text must be at most 200 characters.', 'zh-cn': '个人简介最多 200 个字符。' },
  'accountType:coming_soon': { en: 'Company accounts are coming soon.', 'zh-cn': '企业账号即将开放。' },
  'avatar:type': { en: 'The avatar must be a JPEG, JPG or PNG image.', 'zh-cn': '头像只能是 JPEG、JPG 或 PNG 图片。' },
  'avatar:too_large': { en: 'The avatar must be at most 2MB.', 'zh-cn': '头像不能超过 2MB。' },
  'avatarKey:invalid': { en: 'Please upload the avatar again.', 'zh-cn': '请重新上传头像。' },
  'avatar:dimensions': { en: 'The picture is too large in pixels.', 'zh-cn': '图片像素尺寸过大。' },
  'score:required': { en: 'Please give a score.', 'zh-cn': '请打分。' },
  'score:range': { en: 'The score must be 1 to 5 stars.', 'zh-cn': '评分须为 1 到 5 星。' },
  'content:length': { en: 'Please write 15 to 1000 characters.', 'zh-cn': '请输入 15 到 1000 个字符。' },
  'content:duplicate': { en: 'You have already posted this text. Please write something new.', 'zh-cn': '您已发布过相同内容，请重新撰写。' },
  'check:required': { en: 'Please confirm that this review reflects your own experience.', 'zh-cn': '请确认该点评基于您的亲身经历。' },
  'reason:required': { en: 'Please give the reason for rejecting this review.', 'zh-cn': '请填写拒绝该点评的理由。' },
  'reason:length': { en: 'The reason must be 1 to 500 characters.', 'zh-cn': '理由长度须为 1 到 500 个字符。' },
  'fuid:required': { en: 'Please choose a user to follow.', 'zh-cn': '请选择要关注的用户。' },
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
