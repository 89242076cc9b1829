import { useTranslation } from "react-i18next";
import { Button } from "./button";

interface PageInfo {
  page?: number;
  isFirstPage?: boolean;
  isLastPage?: boolean;
}

/** "Previous · Page N · Next" under a list paged by offset; nothing when it all fits one page. */
export function PageButtons({
  pageInfo,
  offset,
  pageSize,
  onOffset,
}: {
  pageInfo: PageInfo | undefined;
  offset: number;
  pageSize: number;
  onOffset(offset: number): void;
}) {
  const { t } = useTranslation();
  if (!pageInfo || (pageInfo.isFirstPage && pageInfo.isLastPage)) return null;
  return (
    <div className="flex items-center gap-3">
      <Button variant="secondary" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
        {t("common.previous")}
      </Button>
      <span className="text-sm text-gray-500">{t("common.page", { page: pageInfo.page ?? 1 })}</span>
      <Button variant="secondary" disabled={pageInfo.isLastPage} onClick={() => onOffset(offset + pageSize)}>
        {t("common.next")}
      </Button>
    </div>
  );
}
