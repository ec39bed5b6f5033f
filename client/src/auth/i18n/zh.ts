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
  approval: {
    title: '需要经理批准',
    forWhat: '用于：{{what}}',
    what: {
      gift: '赠送菜品',
      cancelOrder: '撤销已送厨房的菜品',
      discount: '折扣',
      other: '此操作',
    },
    limit: '折扣超出您角色的上限。',
    handOver: '请把设备交给经理：在此选择其姓名并输入其 PIN。',
    who: '批准人',
    pin: '{{name}} 的 PIN',
    pickFirst: '请先选择批准人',
    approve: '批准',
    wrongPin: 'PIN 错误',
    wait: '尝试次数过多，请等待 {{seconds}} 秒。',
    offline: '未连接到系统：批准需要系统响应（PIN 从不在本设备上核对）。请连上 Wi-Fi 后重试。',
    retry: '重试',
    nobody: '没有人可以批准此操作。请店主检查角色设置。',
    loading: '正在查找经理…',
    approvedBy: '已由 {{name}} 批准',
    notApprover: '此人无权批准此操作。',
    self: '不能自己批准自己。',
  },
};
