//! A slab: stable small ids for live objects, reused after removal, no hashing.

#[derive(Clone, Debug)]
pub struct Slab<T> {
    items: Vec<Option<T>>,
    free: Vec<u32>,
    live: usize,
}

impl<T> Default for Slab<T> {
    fn default() -> Self {
        Slab { items: Vec::new(), free: Vec::new(), live: 0 }
    }
}

impl<T> Slab<T> {
    pub fn insert(&mut self, item: T) -> u32 {
        self.live += 1;
        match self.free.pop() {
            Some(id) => {
                self.items[id as usize] = Some(item);
                id
            }
            None => {
                self.items.push(Some(item));
                (self.items.len() - 1) as u32
            }
        }
    }

    pub fn remove(&mut self, id: u32) -> Option<T> {
        let item = self.items.get_mut(id as usize)?.take();
        if item.is_some() {
            self.free.push(id);
            self.live -= 1;
        }
        item
    }

    pub fn get(&self, id: u32) -> Option<&T> {
        self.items.get(id as usize)?.as_ref()
    }

    pub fn get_mut(&mut self, id: u32) -> Option<&mut T> {
        self.items.get_mut(id as usize)?.as_mut()
    }

    pub fn len(&self) -> usize {
        self.live
    }

    pub fn is_empty(&self) -> bool {
        self.live == 0
    }
}
