import { useMemo } from 'react';
import { useAppDispatch } from '../../app/store.js';
import { Button, Flex, Layout, Tabs, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AccountButton } from '../auth/AccountDialog.js';
import { setAuthenticated, useLogoutMutation } from '../auth/authApi.js';
import { ShowsTab } from '../shows/ShowsTab.js';
import { OrdersTab } from '../orders/OrdersTab.js';
import { ProductsTab } from '../products/ProductsTab.js';
import { SalesTab } from '../sales/SalesTab.js';
import { NotifyTab } from '../notify/NotifyTab.js';
import { NewsletterTab } from '../newsletter/NewsletterTab.js';
import { ContactTab } from '../contact/ContactTab.js';
import { EmailSetupBanner } from '../emails/EmailSetupBanner.js';
import { EmailsTab } from '../emails/EmailsTab.js';
import { FansTab } from '../fans/FansTab.js';
import { PageTab } from '../page/PageTab.js';
import { PhotosTab } from '../gallery/PhotosTab.js';
import { CampaignsTab } from '../campaigns/CampaignsTab.js';
import { SuppressionsTab } from '../campaigns/SuppressionsTab.js';
import { ShippingTab } from '../shipping/ShippingTab.js';
import { DiscountsTab } from '../discounts/DiscountsTab.js';
import { OverviewStrip } from './OverviewStrip.js';
import { PhoneTabBar } from './PhoneTabBar.js';
import { usePhone } from '../../components/usePhone.js';

const TABS = [
  { key: 'shows', label: 'Shows', Component: ShowsTab },
  { key: 'orders', label: 'Orders', Component: OrdersTab },
  { key: 'products', label: 'Products', Component: ProductsTab },
  { key: 'sales', label: 'Sales', Component: SalesTab },
  { key: 'notify-me', label: 'Notify Me', Component: NotifyTab },
  { key: 'newsletter', label: 'Newsletter', Component: NewsletterTab },
  { key: 'campaigns', label: 'Campaigns', Component: CampaignsTab },
  { key: 'suppressions', label: 'Suppressions', Component: SuppressionsTab },
  { key: 'contact', label: 'Contact', Component: ContactTab },
  { key: 'emails', label: 'Emails', Component: EmailsTab },
  { key: 'fans', label: 'Fans', Component: FansTab },
  { key: 'page', label: 'Page', Component: PageTab },
  { key: 'photos', label: 'Photos', Component: PhotosTab },
  { key: 'shipping', label: 'Shipping', Component: ShippingTab },
  { key: 'discounts', label: 'Discounts', Component: DiscountsTab },
] as const;

export function Dashboard() {
  const [params, setParams] = useSearchParams();
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const active = TABS.find((t) => t.key === params.get('tab')) ?? TABS[0];
  // Below 576 px the tabs do not fit one line: they wrap instead of hiding behind "⋯".
  const phone = usePhone();
  const gutter = phone ? 12 : 24;

  // Logging out always ends on the login screen, even when the call fails.
  const onLogout = async () => {
    await logout().catch(() => undefined);
    dispatch(setAuthenticated(false));
    navigate('/admin/login', { replace: true });
  };

  // The address changes with every keystroke in a table's search box; the header, the overview
  // strip and the tab bar depend only on the active tab, so the same elements are handed back and React leaves them
  // alone while the table below (which reads the address itself) updates.
  const header = useMemo(
    () => (
      <Layout.Header
        style={{
          background: '#fff',
          borderBottom: '1px solid #eadfce',
          paddingInline: gutter,
          paddingBlock: 12,
          height: 'auto',
          lineHeight: 'normal',
        }}
      >
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
            Admin Dashboard
          </Typography.Title>
          <Flex gap={8} wrap>
            <Button
              href="/"
              onClick={(e) => {
                e.preventDefault();
                navigate('/');
              }}
            >
              Back to Site
            </Button>
            <AccountButton />
            <Button onClick={onLogout} loading={isLoading}>
              Logout
            </Button>
          </Flex>
        </Flex>
      </Layout.Header>
    ),
    // onLogout only uses the logout call, dispatch and navigate, which keep their identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [isLoading, navigate, gutter],
  );
  const openTab = (key: string) => setParams(key === TABS[0].key ? {} : { tab: key });
  const tabs = useMemo(
    () => (
      <Tabs
        activeKey={active.key}
        onChange={openTab}
        renderTabBar={
          phone
            ? () => <PhoneTabBar tabs={TABS} activeKey={active.key} onSelect={openTab} />
            : undefined
        }
        destroyOnHidden
        items={TABS.map(({ key, label, Component }) => ({
          key,
          label,
          children: key === active.key ? <Component /> : null,
        }))}
      />
    ),
    // openTab only uses setParams.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [active.key, setParams, phone],
  );

  const strip = useMemo(() => <OverviewStrip />, []);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {header}
      <Layout.Content style={{ padding: gutter }}>
        <EmailSetupBanner />
        {strip}
        {tabs}
      </Layout.Content>
    </Layout>
  );
}
