import { messages } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useContactMessages } from '@/features/contact/api/get-contact-messages'
import { ContactMessagesTable } from '@/features/contact/components/contact-messages-table'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.contact

/** Admin only: the Contact With Us messages, newest first. */
export function MessagesRoute() {
  useDocumentTitle(m.messagesMenu)
  const list = useContactMessages()

  return (
    <div>
      <h2 className="section-title">
        {list.data ? m.messagesCount(list.data.length) : m.messagesMenu}
      </h2>
      <div className="title-rule" />
      <QueryView query={list} failed={m.messagesLoadFailed}>
        {(data) => <ContactMessagesTable list={data} />}
      </QueryView>
    </div>
  )
}
