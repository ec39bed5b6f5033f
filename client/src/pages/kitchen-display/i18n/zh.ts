import type { DeepStrings } from '../../../i18n/define.ts';
import type { kitchenDisplayEs } from './es.ts';

/** The kitchen display, in Chinese. */
export const kitchenDisplayZh: DeepStrings<typeof kitchenDisplayEs> = {
  kds: {
    title: '厨房显示屏',
    chooseStation: '选择此屏幕显示的档口',
    noStations: '还没有厨房档口。请在 商品管理 → 档口与备注 中创建。',
    changeStation: '切换档口',
    open_one: '{{count}} 单',
    open_other: '{{count}} 单',
    empty: '没有待做的单',
    recall: '召回上一单',
    bump: '完成',
    order: '单号 {{no}}',
    takeaway: '外带 {{code}}',
    delivery: '外卖 {{code}}',
    people_one: '{{count}} 人',
    people_other: '{{count}} 人',
    minutes: '{{count}} 分钟',
    held: '暂缓',
    reprint: '重印',
    // Told to the waiter when a screen bumps a ticket of their table (client/src/ui/kitchen-ready.ts).
    readyToast: '{{table}} 桌：可以上菜了',
    readyMark: '可以上菜',
    retired_one: '{{count}} 张旧单已从屏幕移除',
    retired_other: '{{count}} 张旧单已从屏幕移除',
    retiredWhy: '未完成的单超过 {{max}} 张。它们仍在各桌的订单和打印机记录中。',
    retiredDismiss: '知道了',
    markers: {
      new: '新单',
      hold: '暂缓',
      fire: '起菜',
      expedite: '加急',
      return: '退菜',
      cancel: '取消',
      withdraw: '整单取消',
      remark: '更改',
    },
  },
};
