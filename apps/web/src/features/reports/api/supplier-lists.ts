import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SupplierListView,
  SupplierMapping,
  supplierListsResponseSchema,
  suppliersResponseSchema,
} from '@crossmarket/domain';
import type { z } from 'zod';
import { api, apiForm } from '../../../lib/api-client';

export type Supplier = z.output<typeof suppliersResponseSchema>['data'][number];
export type { SupplierListView } from '@crossmarket/domain';

/** The seller's suppliers (with the mapping each last used). */
export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => [...supplierKeys.all, 'lists'] as const,
};

/** A list already uploaded, as GET /api/supplier-lists answers it (without its lines). */
export type UploadedSupplierList = z.output<typeof supplierListsResponseSchema>['data'][number];

/** The seller's uploaded lists, newest first: a report can be priced from one again (issue 62). */
export function useSupplierLists(enabled: boolean) {
  return useQuery({
    queryKey: supplierKeys.lists(),
    queryFn: () => api<{ data: UploadedSupplierList[] }>('/api/supplier-lists').then((r) => r.data),
    enabled,
  });
}

export function useSuppliers(enabled: boolean) {
  return useQuery({
    queryKey: supplierKeys.all,
    queryFn: () => api<{ data: Supplier[] }>('/api/suppliers').then((r) => r.data),
    enabled,
  });
}

export interface SupplierListUpload {
  file: File;
  supplier_id: string | null;
  supplier_name: string;
  country: string;
  currency: string;
  prices_include_tax: boolean;
  mapping: SupplierMapping;
}

/** Uploads a list under its mapping; the server reads it with the same code the form checked it with. */
export function useUploadSupplierList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SupplierListUpload) => {
      const form = new FormData();
      if (input.supplier_id) form.append('supplier_id', input.supplier_id);
      form.append('supplier_name', input.supplier_name);
      form.append('country', input.country);
      form.append('currency', input.currency);
      form.append('prices_include_tax', String(input.prices_include_tax));
      form.append('mapping', JSON.stringify(input.mapping));
      form.append('file', input.file, input.file.name);
      return apiForm<SupplierListView>('/api/supplier-lists', form);
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
