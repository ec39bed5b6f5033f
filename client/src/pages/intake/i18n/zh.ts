import type { DeepStrings } from '../../../i18n/define.ts';
import type { intakeEs } from './es.ts';

/** The intake API page and the new-order notice, in Chinese. */
export const intakeZh: DeepStrings<typeof intakeEs> = {
  intake: {
    title: '网店与在线订单',
    hint: '连接您的网店或外卖平台：每个渠道有自己的密钥。它发送的订单会作为外送或自取订单出现在这里，等待有人接单。',
    newTitle: '新渠道',
    name: '渠道名称',
    namePlaceholder: '例如：网店',
    create: '生成密钥',
    keyTitle: '“{{name}}”的密钥',
    keyOnce: '请立即复制并保存到网店中：之后不会再显示。如果丢失，请撤销并重新生成。',
    copy: '复制',
    copied: '已复制',
    done: '我已保存',
    listTitle: '渠道',
    empty: '还没有渠道。',
    active: '启用中',
    revoked: '已撤销',
    createdAt: '创建于 {{date}}',
    revokedAt: '撤销于 {{date}}',
    revoke: '撤销',
    revokeConfirm: '撤销“{{name}}”的密钥？网店将立即无法再发送订单。',
    revokedToast: '密钥已撤销',
    loadFailed: '无法加载列表，请重试。',
    tooMany: '渠道太多了：请撤销不用的渠道。',
    howTitle: '如何发送订单（给网店的开发者）',
    howIntro: '每个订单通过 HTTP 发送一次；如果没有收到回复，请用相同的 externalId 重发：系统不会重复记录。',
    howMenu: '菜品和价格（使用 productId 和 specId）：',
    howOrder: '一个订单：',
    howAnswer: '回复：201 和订单编号（如果已经收到过则为 200）。价格始终以本店菜单为准。',
    howReadme: '所有字段和错误代码见系统 README 的“Intake API”一节。',
    notice: {
      title: '有新的外卖订单！',
      count: '{{count}} 个订单等待接单',
      go: '去看看',
    },
  },
};
