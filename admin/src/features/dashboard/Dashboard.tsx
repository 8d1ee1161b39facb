import { useState } from 'react';
import { useAppDispatch } from '../../app/store.js';
import { Button, Drawer, Flex, Layout, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ADMIN_AREAS, type AdminAreaKey } from '@artist/contracts';
import { AccountButton } from '../auth/AccountDialog.js';
import { setAuthenticated, useLogoutMutation } from '../auth/authApi.js';
import { EmailSetupBanner } from '../emails/EmailSetupBanner.js';
import { OverviewStrip } from './OverviewStrip.js';
import { AdminNav } from './AdminNav.js';
import { AREA_VIEWS } from './areas.js';
import { usePhone } from '../../components/usePhone.js';

const NAV_WIDTH = 200;
const BORDER = '1px solid #eadfce';

/**
 * The dashboard around one admin area: the header, the side navigation (a menu behind a button on
 * a phone), the overview strip on top of the area, and the area's own view. Each area has its own
 * address (see ADMIN_AREAS); the view reads its filter, search and page from the query.
 */
export function Dashboard({ area }: { area: AdminAreaKey }) {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const phone = usePhone();
  const [menuOpen, setMenuOpen] = useState(false);
  const gutter = phone ? 12 : 24;
  const View = AREA_VIEWS[area];
  const label = ADMIN_AREAS.find(({ key }) => key === area)?.label;

  // Logging out always ends on the login screen, even when the call fails.
  const onLogout = async () => {
    await logout().catch(() => undefined);
    dispatch(setAuthenticated(false));
    navigate('/admin/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: '#fff',
          borderBottom: BORDER,
          paddingInline: gutter,
          paddingBlock: 12,
          height: 'auto',
          lineHeight: 'normal',
        }}
      >
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Flex align="center" gap={8}>
            {phone && (
              <Button
                aria-expanded={menuOpen}
                aria-controls="admin-menu"
                onClick={() => setMenuOpen(true)}
              >
                Menu
              </Button>
            )}
            <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
              Admin Dashboard
            </Typography.Title>
          </Flex>
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
      <Layout>
        {phone ? (
          <Drawer
            id="admin-menu"
            title="Menu"
            placement="left"
            size={260}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            styles={{ body: { padding: 0 } }}
          >
            <AdminNav active={area} onNavigate={() => setMenuOpen(false)} />
          </Drawer>
        ) : (
          <Layout.Sider
            width={NAV_WIDTH}
            theme="light"
            style={{ background: '#fff', borderRight: BORDER }}
          >
            <AdminNav active={area} />
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: gutter, minWidth: 0 }} aria-label={label}>
          <EmailSetupBanner />
          <OverviewStrip />
          <View />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
