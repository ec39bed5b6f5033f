import type { DeepStrings } from '../../../i18n/define.ts';
import type { exportsEs } from './es.ts';

/** The exports page, in Chinese. */
export const exportsZh: DeepStrings<typeof exportsEs> = {
  exports: {
    title: '会计导出',
    hint: '每晚打烊时保存当天的销售（Excel 和 CSV）、Z 报表和电子票据；月末还会生成销售登记簿（PLE 14.1）。',
    runTitle: '立即导出某一天',
    day: '日期',
    run: '导出',
    queued: '已请求导出：几秒后会出现在列表中。',
    resend: '重新发送邮件',
    resent: '已请求重新发送。',
    empty: '还没有导出。',
    files: '文件',
    noFiles: '暂无文件',
    folder: '文件夹',
    usb: 'U 盘',
    mail: '邮件',
    state: {
      done: '完成',
      working: '进行中',
      waiting: '等待中',
      failed: '失败',
      notSetUp: '未设置',
      none: '—',
    },
    usbNone: '插入 U 盘：尚未复制的导出会被复制过去。',
    usbState: {
      copying: '发现 U 盘“{{stick}}”：正在复制（{{copied}}/{{days}} 天）…',
      safeToRemove: 'U 盘“{{stick}}”：复制已校验，可以拔出。',
      readOnly: 'U 盘“{{stick}}”为只读：没有复制任何文件。',
      interrupted: '复制到“{{stick}}”时中断：请重新插入或换一个 U 盘。',
    },
    mailWaiting: '邮件服务器无响应：邮件将在网络恢复后发送。',
    mailSetUp: '设置邮件',
    mailNoFolder: '这一天没有可发送的文件：请先导出。',
    dayWhy: {
      today: '今天已有销售：导出截至目前的销售。',
      lastSales: '最近一个有销售的日期。',
    },
    folderProblem: {
      file: '无法将「{{file}}」写入本机的文件夹 {{folder}}：{{cause}}',
      folder: '无法在本机创建文件夹 {{folder}}：{{cause}}',
      causes: {
        ENOSPC: '磁盘已满。请腾出空间，系统会再试。',
        EACCES: '系统没有写入该位置的权限。',
        EROFS: '磁盘为只读。',
        other: '错误 {{code}}。系统会再试。',
      },
    },
    loadFailed: '无法读取导出列表。',
  },
};
