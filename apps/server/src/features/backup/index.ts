export { runBackupCommand, defaultBackupName } from './cli';
export { writeBackup, type BackupSummary } from './write-backup';
export { restoreBackup, RestoreRefusedError, type RestoreSummary } from './restore-backup';
export { BackupFileError } from './format';
export { countRows, readTables } from './catalogue';
