import { zodResolver } from '@hookform/resolvers/zod';
import {
  membershipInvoiceSchema,
  type MembershipInvoiceInput,
} from '@fitbase/domain/contracts/receipts';
import type { Membership } from '@fitbase/domain/contracts/plans';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { Form } from '@/components/form/form';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { reportError } from '@/lib/report-error';
import { useIssueMembershipInvoice } from '../api/issue-invoice';

type Input = z.input<typeof membershipInvoiceSchema>;

/**
 * `Invoice`: a numbered invoice of what was paid for this membership, addressed to a company on
 * the member's request (an employer that reimburses it); downloaded as a PDF.
 */
export function MembershipInvoice({ membership }: { membership: Membership }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Invoice ${membership.plan.name}`}
      >
        Invoice
      </Button>
      <EditorDialog
        open={open}
        onOpenChange={setOpen}
        title="Invoice to a company"
        description={`A numbered invoice of what was paid for ${membership.plan.name}, as a PDF.`}
      >
        {(close) => <InvoiceForm membershipId={membership.id} onDone={close} />}
      </EditorDialog>
    </>
  );
}

function InvoiceForm({ membershipId, onDone }: { membershipId: string; onDone: () => void }) {
  const issue = useIssueMembershipInvoice();
  const form = useForm<Input, unknown, MembershipInvoiceInput>({
    resolver: zodResolver(membershipInvoiceSchema),
    defaultValues: { companyName: '', companyTaxId: '', companyAddress: '' },
  });
  const onSubmit = async (body: MembershipInvoiceInput) => {
    try {
      const { fileName } = await issue.mutateAsync({ membershipId, body });
      toast.success('Invoice issued', { description: fileName.replace(/\.pdf$/, '') });
      onDone();
    } catch (error) {
      reportError(error, {
        title: 'Failed to issue the invoice',
        fallback: 'Please try again',
        form: {
          setError: form.setError,
          fields: ['companyName', 'companyTaxId', 'companyAddress'],
        },
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix="invoice"
      schema={membershipInvoiceSchema}
      className="space-y-4"
    >
      <TextField control={form.control} name="companyName" label="Company name*" />
      <TextField control={form.control} name="companyTaxId" label="Company tax ID" />
      <TextareaField control={form.control} name="companyAddress" label="Company address" />
      <EditorDialogFooter onCancel={onDone} pending={issue.isPending} submitLabel="Issue Invoice" />
    </Form>
  );
}
