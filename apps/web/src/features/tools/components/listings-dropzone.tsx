import { InboxOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ListingsDropzoneProps {
  /** One .txt file, chosen or dropped. */
  onFile: (file: File) => void;
  /** Anything else: the i18n key of the reason. */
  onRefuse: (reasonKey: string) => void;
}

const isText = (file: File) => /\.txt$/i.test(file.name);

/**
 * Drag and drop or pick one All Listings Report. Nothing is uploaded: the file goes to `onFile`. Every
 * file reaches the check (accept's `native` filter only narrows the picker), so a refused one is said so.
 */
export function ListingsDropzone({ onFile, onRefuse }: ListingsDropzoneProps) {
  const { t } = useTranslation();
  return (
    <Upload.Dragger
      accept={{ format: '.txt,text/plain', filter: 'native' }}
      multiple
      showUploadList={false}
      beforeUpload={(file, list) => {
        // Called once per file of a drop: answer for the whole drop on its first file.
        if (file === list[0]) {
          if (list.length > 1) onRefuse('tools.remover.errors.many');
          else if (!isText(file)) onRefuse('tools.remover.errors.type');
          else onFile(file);
        }
        return Upload.LIST_IGNORE;
      }}
      data-testid="listings-dropzone"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t('tools.remover.drop')}</p>
      <p className="ant-upload-hint">{t('tools.remover.dropHint')}</p>
    </Upload.Dragger>
  );
}
