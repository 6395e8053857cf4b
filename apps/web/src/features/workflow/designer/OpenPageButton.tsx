import { useNavigate } from 'react-router'
import { RowButton } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'

/** A row action opening a framed page of its own (designer, history, detail) in a tab named `title`. */
export function OpenPageButton({
  label,
  title,
  path,
  testId,
}: {
  label: string
  title: string
  path: string
  testId: string
}) {
  const tr = useTr()
  const navigate = useNavigate()
  const join = path.includes('?') ? '&' : '?'
  return (
    <RowButton
      label={tr(label)}
      testId={testId}
      onClick={() => navigate(`${path}${join}name=${encodeURIComponent(tr(title))}`)}
    />
  )
}
