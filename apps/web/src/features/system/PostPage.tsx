import { CrudPage } from '@/components/crud'
import { postResource } from './post'

/** 岗位管理 (see `post.tsx`). */
export default function PostPage() {
  return <CrudPage resource={postResource} />
}
