import type { DeepStrings } from '../../../i18n/define.ts';
import type { setupEs } from './es.ts';

/** Claiming a new hub, in Chinese. */
export const setupZh: DeepStrings<typeof setupEs> = {
  setup: {
    title: '设置餐厅',
    intro: '此设备还没有店主。请输入激活码：它印在设备启动时打印的纸条上（或显示在设备屏幕上，或在数据文件夹的 claim.txt 文件中）。15 分钟内有效。',
    codeFromSlip: '已从打印的纸条读取。',
    printerSearch: '没有激活码？在网络打印机上打印',
    printerSearching: '正在网络中查找打印机…',
    printerPrinted: '已在店内打印机上打印带激活码的纸条。',
    printerNone: '网络中没有找到打印机。请将 USB 打印机连接到设备后重启设备。',
    claimCode: '激活码',
    restaurant: '餐厅',
    restaurantName: '餐厅名称',
    ruc: 'RUC 税号',
    rucHint: '可选：11 位数字（以 10、15、16、17 或 20 开头）',
    owner: '店主',
    ownerName: '您的姓名',
    ownerCode: '您的工号',
    ownerCodeHint: '1 到 6 位数字，用于登录。',
    pin: 'PIN（4 到 6 位数字）',
    pinAgain: '再次输入 PIN',
    pinMismatch: '两次输入的 PIN 不一致',
    submit: '完成设置并登录',
    expired: '激活码过期了？重启设备即可获得新的激活码。',
  },
};
