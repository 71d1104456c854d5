import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meKeys } from '../../account';
import { listPayments, payInvoice, setAutopay } from './billing';

export const paymentKeys = {
  all: ['payments'] as const,
};

/** The user's invoices, newest first. */
export function usePayments() {
  return useQuery({ queryKey: paymentKeys.all, queryFn: listPayments });
}

/**
 * Pays an open invoice with the card on file. Paid or refused, the invoices and the account (its
 * subscription's state) are read again before the call settles.
 */
export function usePayInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payInvoice,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: paymentKeys.all });
      await client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

/** Autopay on or off; the account is read again only when the server answers `result: true`. */
export function useSetAutopay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAutopay,
    onSuccess: async (answer) => {
      if (answer.result) await client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}
