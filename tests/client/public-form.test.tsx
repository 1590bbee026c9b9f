import { Stack, Textarea, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Honeypot, SubmitButton } from '../../src/client/components/form-parts'
import { focusFirstError } from '../../src/client/lib/focus-first-error'
import { usePublicForm } from '../../src/client/lib/public-form'
import { useTRPC } from '../../src/client/lib/trpc'
import { checkContact } from '../../src/shared/form-rules'
import { CONTACT_SUCCESS } from '../../src/shared/form-texts'
import { fakeServer, Refusal } from './fake-server'
import { pending } from './fixtures'
import { renderApp } from './render'

const FAILURE = 'Failed to submit contact form. Please try again.'

/** The contact page's form as routes/contact.tsx wires it, without the page around it. */
function ContactForm() {
  const trpc = useTRPC()
  const { form, formRef, mutation } = usePublicForm({
    initialValues: { name: '', email: '', subject: '', message: '', website: '' },
    validate: checkContact,
    success: CONTACT_SUCCESS,
    failure: FAILURE,
  })
  const send = useMutation(trpc.contact.submit.mutationOptions(mutation))
  return (
    <form ref={formRef} onSubmit={form.onSubmit((values) => send.mutate(values), focusFirstError)} noValidate>
      <Stack>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        <TextInput label="Subject" required {...form.getInputProps('subject')} />
        <Textarea label="Message" required {...form.getInputProps('message')} />
        <Honeypot inputProps={form.getInputProps('website')} />
        <SubmitButton pending={send.isPending}>Send Message</SubmitButton>
      </Stack>
    </form>
  )
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) })

async function fillIn(values: Record<'Name' | 'Email' | 'Subject' | 'Message', string>) {
  for (const [name, value] of Object.entries(values)) {
    await userEvent.click(field(name))
    await userEvent.paste(value)
  }
}

const A_MESSAGE = {
  Name: 'Ada Lovelace',
  Email: 'ada@example.org',
  Subject: 'A question on standards',
  Message: 'How often are the standards reviewed by the council?',
}

/** The text a screen reader reads after the field's name: its description and its message. */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

describe('usePublicForm', () => {
  it('says it is sending while the server has not answered, then that it was sent, and empties the form', async () => {
    const answer = pending<{ success: true }>()
    const server = fakeServer({ 'contact.submit': () => answer.promise })
    await renderApp(<ContactForm />, server, { member: null })
    await fillIn(A_MESSAGE)
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    const sending = await screen.findByRole('button', { name: 'Sending...' })
    expect((sending as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(server.calls.at(-1)?.input).toMatchObject({ email: 'ada@example.org', website: '' }))

    answer.settle({ success: true })
    expect(await screen.findByText(CONTACT_SUCCESS.title)).toBeTruthy()
    expect(screen.getByText(CONTACT_SUCCESS.message)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy()
    for (const name of Object.keys(A_MESSAGE)) expect((field(name) as HTMLInputElement).value).toBe('')
  })

  it('checks the fields before sending: nothing goes out, each field says why, the first takes the focus', async () => {
    const server = fakeServer({ 'contact.submit': () => ({ success: true }) })
    await renderApp(<ContactForm />, server, { member: null })
    await fillIn({ ...A_MESSAGE, Name: 'A', Email: 'not an address' })
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() => expect(document.activeElement).toBe(field('Name')))
    expect(field('Name').getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(field('Name'))).toContain('Name must be at least 2 characters')
    expect(field('Email').getAttribute('aria-invalid')).toBe('true')
    expect(field('Subject').getAttribute('aria-invalid')).not.toBe('true')
    expect(server.count('contact.submit')).toBe(0)
  })

  it("puts the server's refusal on its fields, focuses the first, and keeps what was typed", async () => {
    const server = fakeServer({
      'contact.submit': () => {
        throw new Refusal('BAD_REQUEST', 'This address cannot receive mail', {
          email: 'This address cannot receive mail',
        })
      },
    })
    await renderApp(<ContactForm />, server, { member: null })
    await fillIn(A_MESSAGE)
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() => expect(document.activeElement).toBe(field('Email')))
    expect(field('Email').getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(field('Email'))).toContain('This address cannot receive mail')
    expect(await screen.findByText('Submission Failed')).toBeTruthy()
    expect((field('Message') as HTMLTextAreaElement).value).toBe(A_MESSAGE.Message)
  })

  it("says the server's own words when it refuses the whole message, and the form's when the network failed", async () => {
    const server = fakeServer({
      'contact.submit': () => {
        throw new Refusal('TOO_MANY_REQUESTS', 'Too many messages: try again in 10 minutes')
      },
    })
    await renderApp(<ContactForm />, server, { member: null })
    await fillIn(A_MESSAGE)
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Too many messages: try again in 10 minutes')).toBeTruthy()

    server.offline()
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText(FAILURE)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy()
    expect((field('Name') as HTMLInputElement).value).toBe(A_MESSAGE.Name)
  })

  it('sent with Enter from a field, says nothing when that emptied field is left, and checks it again once touched', async () => {
    const server = fakeServer({ 'contact.submit': () => ({ success: true }) })
    await renderApp(<ContactForm />, server, { member: null })
    await fillIn({ ...A_MESSAGE, Message: A_MESSAGE.Message })
    await userEvent.click(field('Subject'))
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText(CONTACT_SUCCESS.title)).toBeTruthy()
    await waitFor(() => expect((field('Subject') as HTMLInputElement).value).toBe(''))
    // The reset emptied the field under the focus: leaving it is not the visitor's doing.
    expect(document.activeElement).toBe(field('Subject'))
    await userEvent.tab()
    expect(field('Subject').getAttribute('aria-invalid')).not.toBe('true')
    expect(document.querySelectorAll('[aria-invalid="true"]').length).toBe(0)
    // A field the visitor then enters and leaves empty is checked as before.
    await userEvent.click(field('Subject'))
    await userEvent.tab()
    expect(field('Subject').getAttribute('aria-invalid')).toBe('true')
  })
})
