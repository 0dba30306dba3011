//! How many copies (DVAs) a block the sync writes gets (`dmu.c` `dmu_write_policy()`,
//! `dmu_objset.c` `dmu_objset_open_impl()`, `spa_misc.c` `spa_max_replication()`).
//!
//! At every tag from zfs-0.6.4 to zfs-2.4.0, `dmu_write_policy()` starts from the objset's
//! `os_copies` and, for metadata (`ismd`: a block above level 0, or any block of a metadata
//! type: the meta-dnode's dnode blocks, the objset block, every block of the MOS), adds one
//! under `redundant_metadata=all`, the default; the sum is capped at
//! `spa_max_replication()` (`SPA_DVAS_PER_BP`, 3, on any pool of version 2 or later). A
//! dataset's `os_copies` is its `copies` property, 1 by default; the MOS's is
//! `spa_max_replication()` itself (`dmu_objset_open_impl()`, reset in `dmu_objset_sync()`).
//! So a dataset's records get one copy, its indirect blocks, dnode blocks and objset block
//! two, and the MOS's blocks three (its one more is capped).
//!
//! The lab's datasets keep the defaults (`copies=1`, `redundant_metadata=all`); neither
//! property is a setting.

/// `SPA_DVAS_PER_BP`, which `spa_max_replication()` returns (`spa_max_replication_override`
/// is `SPA_DVAS_PER_BP` and not a tunable).
const MAX_REPLICATION: u8 = 3;
/// The `copies` property's default (`os_copies` of a dataset).
const DATASET_COPIES: u8 = 1;

/// The objset a block belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Objset {
    /// A dataset: its records, indirect blocks, dnode blocks and objset block.
    Dataset,
    /// The meta-objset: the pool's own metadata (`os_copies = spa_max_replication()`).
    Mos,
}

/// `zp_copies` of a metadata block of `objset` under `redundant_metadata=all`:
/// `MIN(os_copies + 1, spa_max_replication())`.
pub(super) fn metadata_copies(objset: Objset) -> u8 {
    let os_copies = match objset {
        Objset::Dataset => DATASET_COPIES,
        Objset::Mos => MAX_REPLICATION,
    };
    (os_copies + 1).min(MAX_REPLICATION)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dataset_metadata_gets_two_copies_and_the_mos_three() {
        // dmu.c dmu_write_policy() (zfs-0.6.4 to zfs-2.4.0): copies = os_copies, ++ for
        // ismd under ZFS_REDUNDANT_METADATA_ALL, then MIN(copies, spa_max_replication()).
        assert_eq!(metadata_copies(Objset::Dataset), 2);
        assert_eq!(metadata_copies(Objset::Mos), 3);
    }
}
