import { useState } from 'react';
import type { AdminProduct } from '@artist/contracts';
import { Alert, Button, Flex, Input, InputNumber, Modal, Radio, Table, Typography } from 'antd';
import { errorMessage } from '../../app/api.js';
import { useToast } from '../../components/useToast.js';
import { ReleaseCodes } from './ReleaseCodes.js';
import { parseTracks, priceText, sizeText } from './releaseFormat.js';
import {
  useCreateReleaseMutation,
  useGetReleasesQuery,
  useUploadReleaseFileMutation,
} from './releasesApi.js';

/** The new release form: name, price (fixed or name your price) and tracks. */
function NewReleaseDialog({ onClose }: { onClose: () => void }) {
  const [create, { isLoading }] = useCreateReleaseMutation();
  const toast = useToast();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [pricing, setPricing] = useState<'fixed' | 'name-your-price'>('name-your-price');
  const [amount, setAmount] = useState<number | null>(8);
  const cents = amount === null ? null : Math.round(amount * 100);
  const [tracksText, setTracksText] = useState('');
  const [releaseDate, setReleaseDate] = useState('');
  const tracks = parseTracks(tracksText);

  const save = async () => {
    if (!tracks) return;
    try {
      await create({
        name,
        description,
        image: null,
        sizes: [],
        kind: 'digital',
        pricing,
        priceInCents: cents ?? 0,
        ...(pricing === 'name-your-price' ? { minPriceCents: cents ?? 0 } : {}),
        tracks,
        releaseDate: releaseDate || null,
      }).unwrap();
      toast.success('Release created');
      onClose();
    } catch (error) {
      toast.error('Failed to create the release', error);
    }
  };

  return (
    <Modal
      open
      title="New release"
      okText="Create Release"
      onOk={save}
      onCancel={onClose}
      confirmLoading={isLoading}
      okButtonProps={{ disabled: !name.trim() || !tracks || cents === null }}
    >
      <Flex vertical gap={12}>
        <label>
          Title
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
        </label>
        <label>
          Description
          <Input.TextArea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={2000}
          />
        </label>
        <Radio.Group
          value={pricing}
          onChange={(e) => setPricing(e.target.value as typeof pricing)}
          options={[
            { value: 'name-your-price', label: 'Name your price' },
            { value: 'fixed', label: 'Fixed price' },
          ]}
        />
        <label>
          {pricing === 'fixed' ? 'Price ($)' : 'Lowest price ($, 0 for a free download)'}
          <InputNumber
            value={amount}
            onChange={(value) => setAmount(value)}
            min={pricing === 'fixed' ? 1 : 0}
            max={1000}
            precision={2}
            style={{ width: '100%' }}
          />
        </label>
        <label>
          Tracks, one a line: title, 3:35
          <Input.TextArea
            value={tracksText}
            onChange={(e) => setTracksText(e.target.value)}
            rows={5}
            status={tracks ? undefined : 'error'}
          />
        </label>
        {!tracks && (
          <Typography.Text type="danger">Write each track as its title, then m:ss.</Typography.Text>
        )}
        <label>
          Release date (leave empty for out now; members with early access get it sooner)
          <Input type="date" value={releaseDate} onChange={(e) => setReleaseDate(e.target.value)} />
        </label>
      </Flex>
    </Modal>
  );
}

/** One format's upload: its name and its ZIP. */
function UploadFormat({ release }: { release: AdminProduct }) {
  const [upload, { isLoading }] = useUploadReleaseFileMutation();
  const toast = useToast();
  const [format, setFormat] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const send = async () => {
    if (!file) return;
    try {
      const stored = await upload({ id: release.id, format, file }).unwrap();
      toast.success(`${stored.format} uploaded (${sizeText(stored.bytes)})`);
      setFormat('');
      setFile(null);
    } catch (error) {
      toast.error('Failed to upload the file', error);
    }
  };
  return (
    <Flex gap={8} wrap align="center">
      <Input
        aria-label={`Format of the ZIP for ${release.name}`}
        placeholder="Format, such as MP3 320"
        value={format}
        onChange={(e) => setFormat(e.target.value)}
        maxLength={40}
        style={{ width: 200 }}
      />
      <input
        type="file"
        accept=".zip,application/zip"
        aria-label={`ZIP file for ${release.name}`}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <Button onClick={send} loading={isLoading} disabled={!format.trim() || !file}>
        Upload
      </Button>
    </Flex>
  );
}

/**
 * The Releases area: digital products (tracks, price, one ZIP per format) and their download
 * codes. Sold on the site beside the merch; bought from the receipt and the email.
 */
export function ReleasesTab() {
  const { data, isLoading, error } = useGetReleasesQuery();
  const [creating, setCreating] = useState(false);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Paragraph style={{ margin: 0, maxWidth: 640 }}>
          Releases are downloaded: each format is one ZIP, and buyers get a link per format that
          works for a limited time and number of downloads.
        </Typography.Paragraph>
        <Button type="primary" onClick={() => setCreating(true)}>
          New Release
        </Button>
      </Flex>
      {error && (
        <Alert
          type="error"
          showIcon
          title="Could not load the releases"
          description={errorMessage(error)}
        />
      )}
      <Table<AdminProduct>
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No releases yet' }}
        expandable={{
          expandedRowRender: (release) => (
            <Flex vertical gap={16}>
              <UploadFormat release={release} />
              <ReleaseCodes release={release} />
            </Flex>
          ),
        }}
        columns={[
          { title: 'Release', dataIndex: 'name' },
          { title: 'Price', key: 'price', render: (_: unknown, r) => priceText(r) },
          { title: 'Tracks', key: 'tracks', render: (_: unknown, r) => r.tracks.length },
          {
            title: 'Release date',
            key: 'releaseDate',
            render: (_: unknown, r) => r.releaseDate ?? 'Out now',
          },
          {
            title: 'Formats',
            key: 'files',
            render: (_: unknown, r) =>
              r.files.length
                ? r.files.map((f) => `${f.format} (${sizeText(f.bytes)})`).join(', ')
                : 'None yet',
          },
        ]}
      />
      {creating && <NewReleaseDialog onClose={() => setCreating(false)} />}
    </Flex>
  );
}
