// SPDX-License-Identifier: MIT
/// @file
/// ATTNCAP_DETAIL_KERNEL_INSTANCES(entry, params): the explicit instantiations of a family's kernel
/// entries `entry<I>`, I = index into the family's configs. Header-only mode: nothing (the dispatch
/// table instantiates what it references). Split mode (ATTNCAP_KERNELS_EXTERN): `extern template`
/// for every index. Shard TU (ATTNCAP_KERNELS_SHARD_INDEX/COUNT): extern for every index, then
/// definitions of indices I with I % COUNT == INDEX.
#pragma once

#include <attncap/config.hpp>
#include <boost/preprocessor/repetition/repeat.hpp>
#include <boost/preprocessor/tuple/elem.hpp>

static_assert(
    ATTNCAP_KERNELS_MAX_CONFIGS >= 1 && ATTNCAP_KERNELS_MAX_CONFIGS <= 256,
    "attncap::kernels: ATTNCAP_KERNELS_MAX_CONFIGS must be in [1, 256] (Boost.Preprocessor's repetition limit)");

#define ATTNCAP_DETAIL_EXTERN_ONE(z, i, ep) \
  extern template void BOOST_PP_TUPLE_ELEM(2, 0, ep)<i>(const BOOST_PP_TUPLE_ELEM(2, 1, ep)&);
#define ATTNCAP_DETAIL_DEFINE_ONE(z, i, ep)                                                                         \
  template void BOOST_PP_TUPLE_ELEM(2, 0, ep)<(i) * (ATTNCAP_KERNELS_SHARD_COUNT) + (ATTNCAP_KERNELS_SHARD_INDEX)>( \
      const BOOST_PP_TUPLE_ELEM(2, 1, ep)&);

#if defined(ATTNCAP_KERNELS_SHARD_COUNT) && defined(ATTNCAP_KERNELS_SHARD_INDEX)
#define ATTNCAP_DETAIL_KERNEL_INSTANCES(entry, params)                                     \
  BOOST_PP_REPEAT(ATTNCAP_KERNELS_MAX_CONFIGS, ATTNCAP_DETAIL_EXTERN_ONE, (entry, params)) \
  BOOST_PP_REPEAT(ATTNCAP_KERNELS_MAX_CONFIGS, ATTNCAP_DETAIL_DEFINE_ONE, (entry, params))
#elif defined(ATTNCAP_KERNELS_EXTERN)
#define ATTNCAP_DETAIL_KERNEL_INSTANCES(entry, params) \
  BOOST_PP_REPEAT(ATTNCAP_KERNELS_MAX_CONFIGS, ATTNCAP_DETAIL_EXTERN_ONE, (entry, params))
#else
#define ATTNCAP_DETAIL_KERNEL_INSTANCES(entry, params)
#endif
