import type { DeepStrings } from '../../i18n/define.ts';
import type { authEs } from './es.ts';

/** Being signed in: who, sign out, switch user, pages a role may not open, in Chinese. */
export const authZh: DeepStrings<typeof authEs> = {
  auth: {
    signedInAs: '当前用户：{{name}}',
    number: '{{code}} 号',
    signOut: '退出登录',
    switchUser: '切换用户',
    loading: '加载中…',
    noAccessTitle: '无权访问',
    noAccessBody: '您的角色无权打开此页面，请联系店主或店长开通。',
    nothingAllowed: '您的角色还没有可用的页面，请联系店主或店长开通。',
    back: '返回',
  },
};
