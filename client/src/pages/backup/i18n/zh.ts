import type { DeepStrings } from '../../../i18n/define.ts';
import type { backupEs } from './es.ts';

export const backupZh: DeepStrings<typeof backupEs> = {
  backup: {
    title: '备份',
    hint: '每晚导出之后，系统会把所有数据（销售、票据、证书）加密备份到本机，并在插着 U 盘时备份到 U 盘。',
    noPassphrase: '尚未设置备份密码：目前不会进行任何备份。请先设置密码。',
    reminder: '目前没有进行备份：尚未设置备份密码。',
    reminderOpen: '设置密码',
    passphraseTitle: '备份密码',
    passphraseHint: '没有此密码，任何人（包括技术人员）都无法打开备份。请记下并保存在餐厅以外的地方。10 到 200 个字符。',
    passphrase: '新密码',
    passphraseAgain: '再次输入',
    mismatch: '两次输入的密码不一致',
    save: '保存密码',
    saved: '密码已保存。之前的备份仍用当时的密码打开。',
    now: '立即备份',
    asked: '正在备份：几秒后会出现在列表中。',
    listTitle: '本机上的备份',
    empty: '还没有备份。',
    whole: '完整',
    cut: '不完整：不可用',
    damaged: '已损坏：不可用',
    reason: { nightly: '每晚', onDemand: '手动', update: '更新前' },
    usb: '最近一次备份到 U 盘 {{stick}}：{{result}}',
    usbOk: '已校验',
    usbFailed: '失败',
    restoreHint: '在新设备上恢复备份时，技术人员运行：pos-hub --restore 文件',
    failedToLoad: '无法读取备份列表。',
  },
};
