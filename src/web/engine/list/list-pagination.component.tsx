import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Page links under a list (its records, a record's history), when there is more than one page. */
export function ListPagination({
  total,
  page,
  pageSize,
  onChange,
}: {
  total: number;
  page: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': t(`engine.page_${control}`) })}
      getItemProps={(pageNumber) => ({ 'aria-label': t('engine.page_number', { page: pageNumber }) })}
      aria-label={t('engine.pagination')}
    />
  );
}
