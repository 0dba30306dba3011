//! Starting points for the app, written as share links: each is a setting of the lab's
//! schema entries that shows one of the seed scenarios, so that the app, a link and the
//! CLI's `run --link` all open the same system.

use serde::Serialize;

#[derive(Clone, Copy, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LabPreset {
    pub name: &'static str,
    pub title: &'static str,
    /// What to look for.
    pub description: &'static str,
    /// The link's query: only what differs from the defaults.
    pub link: &'static str,
}

pub const LAB_PRESETS: &[LabPreset] = &[
    LabPreset {
        name: "picket-fence",
        title: "Picket fence (S5): steady writes beside readers",
        description: "40 MiB/s of buffered writes and 4 random readers on a 5 ms LUN. Under the legacy models the backend bursts at each sync and reads wait behind the bursts; under OpenZFS both stay smooth.",
        link: "v=1",
    },
    LabPreset {
        name: "bursty-writes",
        title: "Bursty writes (S1): dirty data as a buffer",
        description: "200 MB/s for 10 s, then 10 s of silence, to a 100 MB/s LUN with zfs_dirty_data_max at 800 MiB: the tail of each burst is delayed. Move zfs_dirty_data_max to see when none is.",
        link: "v=1&zfs_dirty_data_max=800M&async_writers=16&async_rate=200000000&burst_on=10000&burst_off=10000&readers=0&lun_latency=500us&duration=60",
    },
    LabPreset {
        name: "dirty-band",
        title: "Dirty band (S2): concurrency finds the input rate",
        description: "60 MiB/s of writes to a 10 ms LUN with zfs_dirty_data_max at 1 GiB: dirty data settles inside the async-write band, where the number of writes in flight matches the input.",
        link: "v=1&zfs_dirty_data_max=1G&async_writers=16&async_rate=60M&readers=0&lun_latency=10ms",
    },
    LabPreset {
        name: "delay-tuning",
        title: "Delay tuning (S7): more writers than the pool can take",
        description: "64 writers as fast as admitted to a 100 MB/s LUN: dirty data climbs into the delay zone and most writes are delayed. Try zfs_delay_scale and zfs_delay_min_dirty_percent.",
        link: "v=1&async_writers=64&async_rate=0&readers=0&lun_latency=500us",
    },
    LabPreset {
        name: "hdd-mirror",
        title: "HDD mirror: writers as fast as admitted, and readers",
        description: "16 buffered writers as fast as admitted and 4 random readers on a mirror of two 7200 rpm HDDs: reads queued behind each sync's writes.",
        link: "v=1&device=hdd&mirror=2&async_writers=16&async_rate=0",
    },
    LabPreset {
        name: "resilver",
        title: "Resilver (S9): the legacy scheduler starves reads",
        description: "A resilver beside 4 random readers on an HDD mirror, legacy scheduler with zfs_vdev_max_pending 35: reads wait behind resilver I/O the drive reorders. Compare with OpenZFS's scrub class.",
        link: "v=1&device=hdd&mirror=2&async_writers=0&resilver=on&scheduler_model=legacy&zfs_vdev_max_pending=35&duration=60",
    },
    LabPreset {
        name: "zones",
        title: "Zone I/O throttle (S10): a reader and a streaming writer in two zones",
        description: "3 random readers and one thread streaming 8 KiB writes, each kind in its own zone, on four 7200 rpm disks under the 2011 models. The zone throttle delays the writer's calls until the readers are back near their solo latency: pin A, then turn zfs_zone_delay_enable off, or remove a workload to see the other alone.",
        link: "v=1&async_writers=1&async_block_size=8K&async_rate=0&readers=3&tenancy=per_workload&device=hdd&top_level_vdevs=4&throttle_model=legacy&scheduler_model=legacy&duration=60",
    },
    LabPreset {
        name: "metaslab",
        title: "Metaslab allocator (S11): random rewrites on an aged disk",
        description: "16 database writers rewrite random 8 KiB records of a 4 GiB file on a 64 GiB disk whose metaslabs are 62% full with 8% of holes, under the 2009 allocator: once a metaslab passes 70% full, best fit scatters the blocks and the vdev queue has little to aggregate. Pin A, then set allocator to 2010.",
        link: "v=1&async_writers=16&async_block_size=8K&recordsize=8K&file_size=4G&async_pattern=random&async_rate=0&readers=0&device=hdd&disk_capacity=64G&allocator=2009&pool_fill=62&pool_holes=8&zfs_dirty_data_max=512M&duration=60",
    },
    LabPreset {
        name: "steady-state",
        title: "Steady state (S12): run until the metrics settle",
        description: "32 writers as fast as admitted and 4 readers on a 100 MB/s LUN, sampled every second (240 s over 240 samples): the run stops one 20-interval window after 5 of its 6 metrics are steady (SNIA range and slope), and the summaries cover that window only.",
        link: "v=1&async_writers=32&async_rate=0&lun_latency=500us&duration=240&run_until=steady",
    },
    LabPreset {
        name: "ssd",
        title: "SSD pool: the throttle at flash speed",
        description: "16 writers at 400 MiB/s and 8 readers on one datacenter SSD: sub-millisecond reads, and how the curves behave when the backend is fast.",
        link: "v=1&device=ssd&async_writers=16&async_rate=400M&readers=8&duration=20",
    },
    LabPreset {
        name: "raidz2-12",
        title: "Two RAID-Z2 of six 7200 rpm disks, written at 1 GB/s",
        description: "12 WD Ultrastar HC310 in two 6-wide RAID-Z2, 16 writers of 1 MiB records at 1 GB/s and 4 readers for 10 s (about ten txgs): each block is 64 rows of 4 data and 2 parity sectors over its vdev's children. Try 8K records to see small blocks on wide RAID-Z pay parity and padding, or raidz1.",
        link: "v=1&drive=7200-hc310&top_level_vdevs=2&mirror=6&raidz=raidz2&async_writers=16&async_block_size=1M&recordsize=1M&async_rate=1000000000&readers=4&duration=10",
    },
    LabPreset {
        name: "oss-0.6.5",
        title: "A Lustre OSS on ZFS 0.6.5 with 128 GiB of RAM",
        description: "0.6.5 derives zfs_dirty_data_max from RAM with no 4 GiB cap (12.8 GiB here), and the OSD waits for txgs to sync instead of using a ZIL: 600 MB/s of 1 MiB writes and 4 threads in txg_wait_synced() on two 10-wide RAID-Z2. Compare release 0.7, which caps the limit at 4 GiB.",
        link: "v=1&release=0.6.5&ram=128G&drive=7200-hc310&top_level_vdevs=2&mirror=10&raidz=raidz2&async_writers=16&async_block_size=1M&recordsize=1M&async_rate=600M&readers=0&sync_writers=4&sync_wait=txg&duration=20",
    },
    LabPreset {
        name: "small-ram-0.6.4",
        title: "ZFS 0.6.4 on a 2 GiB machine",
        description: "A 2 GiB machine on 0.6.4: zfs_dirty_data_max is 10% of RAM (205 MiB) and a txg syncs once 64 MiB are dirty (zfs_dirty_data_sync, absolute bytes before 0.8): short txgs, and readers on the HDD mirror wait behind them.",
        link: "v=1&release=0.6.4&ram=2G&drive=7200-hc310&mirror=2&async_writers=8&async_rate=0&readers=2",
    },
    LabPreset {
        name: "ceph-rbd",
        title: "A pool on one Ceph RBD image with 10 ms latency",
        description: "One vdev on a Ceph RBD image: 10 ms mean latency and a tail of rare 7 ms stalls, 16 writers as fast as admitted and 4 readers. The write throttle sees a slow but deep backend.",
        link: "v=1&drive=ceph-rbd&lun_latency=10ms&async_writers=16&async_rate=0&readers=4",
    },
    LabPreset {
        name: "slog",
        title: "O_DSYNC writers with an SSD SLOG",
        description: "8 O_DSYNC writers and 4 readers on an HDD mirror with a datacenter SSD as the log device: commits take the SSD's latency. Set logbias to throughput to see the data go to the HDDs in place, or slog to none.",
        link: "v=1&drive=7200-hc310&mirror=2&slog=ssd&sync_writers=8&async_writers=0&readers=4",
    },
    LabPreset {
        name: "nvme-4k",
        title: "4 KiB random writes at queue depth 32 on NVMe",
        description: "32 threads writing 40 MB/s of 4 KiB random records on an Intel P4500: the device writes far more than the clients, as each record dirties an indirect block of its own. Set async_rate to 0 to see the throttle delay every write (a heavy run).",
        link: "v=1&drive=nvme-p4500&async_writers=32&async_block_size=4K&recordsize=4K&async_pattern=random&async_rate=40M&readers=0&duration=10",
    },
    LabPreset {
        name: "zvol-ssd",
        title: "A zvol with 8K volblocksize on 12 SATA SSDs",
        description: "A 16 GiB zvol of 8 KiB blocks on six mirrors of Intel S4500s, 80 MB/s of 8 KiB random writes and 4 readers: each write dirties its block and an indirect block; see the metadata in the txg sizes.",
        link: "v=1&dataset=zvol&recordsize=8K&file_size=16G&drive=sata-s4500&top_level_vdevs=6&mirror=2&async_writers=16&async_block_size=8K&async_pattern=random&async_rate=80M&readers=4&duration=20",
    },
    LabPreset {
        name: "scrub-limit",
        title: "A scrub with zfs_scan_vdev_limit raised",
        description: "A scrub on an HDD mirror beside 4 writers and 4 readers, zfs_scan_vdev_limit at 64 MiB (16 MiB by default since 2.2, 4 MiB before): more scrub I/O in flight, and readers wait longer. Move it back to compare.",
        link: "v=1&drive=7200-hc310&mirror=2&scrub=on&zfs_scan_vdev_limit=64M&async_writers=4&readers=4",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        for (i, p) in LAB_PRESETS.iter().enumerate() {
            assert!(LAB_PRESETS[..i].iter().all(|q| q.name != p.name), "{}", p.name);
        }
    }
}
