import { index, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * Routes built so far. Every other address (including routes of the spec that later work builds:
 * /promotion …) falls through to the splat, which redirects to /404.
 * The /user/* pages of signed-in users each guard themselves in their own loader.
 */
export default [
  index('routes/home.tsx'),
  route('search', 'routes/search.tsx'),
  route('listing/:name', 'routes/listing.tsx'),
  route('detail', 'routes/detail.tsx'),
  route('topbrokers', 'routes/topbrokers.tsx'),
  route('comment', 'routes/comment.tsx'),
  route('sitemap.xml', 'routes/sitemap.tsx'),
  route('robots.txt', 'routes/robots.tsx'),
  route('about', 'routes/about.tsx'),
  route('about/methodology', 'routes/methodology.tsx'),
  route('TraderChat', 'routes/trader-chat.tsx'),
  route('service', 'routes/service.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('cookie', 'routes/cookie.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('retrievePassword', 'routes/retrieve-password.tsx'),
  route('user/set', 'routes/user.set.tsx'),
  route('user/modifypassword', 'routes/user.modify-password.tsx'),
  route('user/reviews', 'routes/user.reviews.tsx'),
  route('user/vlog', 'routes/user.vlog.tsx'),
  route('user/creation', 'routes/user.creation.tsx'),
  route('user/notice', 'routes/user.notice.tsx'),
  route('user/account', 'routes/user.account.tsx'),
  route('vlog/personal', 'routes/vlog.personal.tsx'),
  route('admin/reviews', 'routes/admin.reviews.tsx'),
  route('404', 'routes/not-found.tsx'),
  route('*', 'routes/splat.tsx'),
] satisfies RouteConfig;
