import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { AntdProvider } from '../components/AntdProvider'
import { usePageTitle } from '../components/usePageTitle'

/** /404, /403 and /500. */
export default function ErrorPage({ code }: { code: 404 | 403 | 500 }) {
  const { t } = useTranslation()
  usePageTitle(String(code))
  const navigate = useNavigate()
  return (
    <AntdProvider>
      <Result
        status={code}
        title={code}
        subTitle={t(`page.${code}`)}
        data-testid={`error-page-${code}`}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('page.back')}
          </Button>
        }
      />
    </AntdProvider>
  )
}
