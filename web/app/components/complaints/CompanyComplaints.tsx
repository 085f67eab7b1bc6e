import type { ComplaintCard, ComplaintFigures as Figures } from '@brokerwise/api-contract';
import { useT } from '../../lib/use-t';
import { SiteLink } from '../SiteLink';
import { ComplaintFigures } from './ComplaintFigures';
import { ComplaintList } from './ComplaintList';
import list from '../reviews/Reviews.module.css';

/** The company page's complaints section: its figures over 12 months, the latest cases, and where to open one. */
export function CompanyComplaints({ slug, complaints }: { slug: string; complaints: { figures: Figures; list: ComplaintCard[]; total: number } | null }) {
  const t = useT();
  const q = new URLSearchParams({ company: slug });
  return (
    <div data-testid="company-complaints">
      {complaints ? (
        <>
          <ComplaintFigures figures={complaints.figures} />
          {complaints.list.length > 0 ? <ComplaintList items={complaints.list} showCompany={false} /> : <p className={list.muted}>{t('complaints.detail.none')}</p>}
        </>
      ) : (
        <p className={list.muted}>{t('complaints.detail.unavailable')}</p>
      )}
      <p className={list.actions}>
        {complaints && complaints.total > 0 && (
          <SiteLink to={`/complaints?${q}`} className={list.link} data-testid="company-complaints-all">
            {t('complaints.detail.all', { count: complaints.total })}
          </SiteLink>
        )}
        <SiteLink to={`/complaints/new?${q}`} className={list.secondaryButton} data-testid="company-complaints-new">
          {t('complaints.new.link')}
        </SiteLink>
      </p>
    </div>
  );
}
