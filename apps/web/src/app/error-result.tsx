import { CloseCircleFilled } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * antd's `<Result status="error">`, drawn with the same tokens. antd's Result module carries its
 * 403/404/500 illustrations (about 10 kB gzip), and the error page and the account gate sit in the
 * entry chunk every route downloads first, the sign-in route included.
 */
export function ErrorResult({
  title,
  subTitle,
  extra,
}: {
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  const { token } = theme.useToken();
  const centred = { textAlign: 'center' } as const;
  const heading = token.fontSizeHeading3;
  return (
    <div style={{ padding: `${token.paddingLG * 2}px ${token.paddingXL}px` }}>
      <div style={{ ...centred, marginBottom: token.paddingLG, color: token.colorError }}>
        <CloseCircleFilled
          style={{ fontSize: typeof heading === 'number' ? heading * 3 : `calc(${heading} * 3)` }}
        />
      </div>
      <div
        style={{
          ...centred,
          color: token.colorTextHeading,
          fontSize: heading,
          lineHeight: token.lineHeightHeading3,
          marginBlock: token.marginXS,
        }}
      >
        {title}
      </div>
      {subTitle && (
        <div
          style={{
            ...centred,
            color: token.colorTextDescription,
            fontSize: token.fontSize,
            lineHeight: token.lineHeight,
          }}
        >
          {subTitle}
        </div>
      )}
      {extra && <div style={{ ...centred, marginTop: token.paddingLG }}>{extra}</div>}
    </div>
  );
}
