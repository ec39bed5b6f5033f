import type { DeepStrings } from '../../../i18n/define.ts';
import type { updateEs } from './es.ts';

export const updateZh: DeepStrings<typeof updateEs> = {
  update: {
    title: '系统更新',
    running: '已安装版本：{{release}}（构建 {{build}}）',
    hint: '请选择供应商提供的新程序文件（pos-hub），可来自本设备或U盘。安装前会先备份；如果新程序无法启动，系统会自动恢复到之前的版本。',
    choose: '选择程序文件',
    noFile: '未选择文件',
    usbTitle: '插在系统主机上的U盘中：',
    usbInstall: '安装 {{name}}（U盘 {{stick}}）',
    install: '安装',
    uploading: '正在发送并检查文件、进行备份……请不要关闭此页面。',
    staged: '版本 {{version}} 已就绪：系统将在几秒后重启，各屏幕会自动重新连接。',
    pending: '正在安装版本 {{version}}……',
    lastTitle: '上次更新',
    result: {
      UPDATE_INSTALLED: '版本 {{version}} 已安装（{{finishedAt}}）。',
      UPDATE_ROLLED_BACK: '版本 {{version}} 未能启动：系统已自动恢复到版本 {{running}}。没有丢失任何数据。',
      UPDATE_ROLLBACK_FAILED: '版本 {{version}} 未能启动，之前的版本也未能启动：请联系技术人员（更新前已备份）。',
      UPDATE_CHECKSUM_MISMATCH: '版本 {{version}} 的文件在安装前被改动：未安装任何内容。请重试。',
      UPDATE_BAD_REQUEST: '无法读取更新请求：未安装任何内容。',
      UPDATE_INSTALL_FAILED: '无法安装版本 {{version}}：继续使用版本 {{running}}。',
    },
    failedToLoad: '无法读取更新状态。',
  },
};
