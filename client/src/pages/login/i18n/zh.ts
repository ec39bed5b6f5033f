import type { DeepStrings } from '../../../i18n/define.ts';
import type { loginEs } from './es.ts';

/** The sign-in pages: number or name with PIN or password, the keypad, the PIN screen, in Chinese. */
export const loginZh: DeepStrings<typeof loginEs> = {
  login: {
    title: '登录',
    identifier: '工号或姓名',
    secret: 'PIN 或密码',
    submit: '登录',
    numberTitle: '工号登录',
    number: '工号',
    pin: 'PIN',
    next: '下一步',
    del: '删除',
    pinTitle: '请输入 PIN',
    locked: '因长时间未操作，屏幕已锁定',
    useKeypad: '用工号和数字键盘登录',
    usePassword: '用姓名或密码登录',
    otherUser: '其他人（工号和 PIN）',
    quickSwitch: '用 PIN 快速切换',
    anyone: '任何人',
    wait: '尝试次数过多，请等待 {{seconds}} 秒后再试。',
    notEnrolled: '此设备尚未登记：请先用工号和 PIN 登录一次。',
    hint: '工号和 PIN 由店主或店长提供。',
  },
};
